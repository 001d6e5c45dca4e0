import { FileJson } from 'lucide-react';
import { type ChangeEvent, useId, useMemo, useRef, useState } from 'react';
import { type AgentImportResult, useImportAssistant } from '../../api/agents.ts';
import { useEndpointsConfig } from '../../api/endpoints.ts';
import { errorText } from '../../api/errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { inputClass, Textarea } from '../../components/ui/input.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-agent-gallery.ts';
import { agentProviders, defaultAssistantProvider } from '../../lib/agent-endpoint.ts';
import { endpointLabel } from '../../lib/endpoint-label.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { IMPORT_MAX_BYTES, parseAssistantJson } from './import-definition.ts';

/**
 * Import an exported OpenAI assistant (issue 15 point 5): a JSON file or pasted JSON, checked here,
 * then POST /api/agents/import. The new agent and what was left out go to `onImported`.
 */
export default function ImportDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: (result: AgentImportResult) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [chosenProvider, setProvider] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = useId();
  const endpoints = useEndpointsConfig();
  const providers = useMemo(() => agentProviders(endpoints.data), [endpoints.data]);
  const provider = chosenProvider ?? defaultAssistantProvider(providers);
  const importer = useImportAssistant();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setError(t('com_gallery_import_too_large', { 0: formatBytes(IMPORT_MAX_BYTES) }));
      return;
    }
    setText(await file.text());
    setError(null);
  };

  const submit = () => {
    const parsed = parseAssistantJson(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    const body = provider ? { ...parsed.definition, provider } : parsed.definition;
    importer.mutate(body, {
      onSuccess: (result) => {
        setText('');
        onImported(result);
      },
      onError: (err) => setError(errorText(err, 'com_gallery_import_error')),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('com_gallery_import_title')}
        description={t('com_gallery_import_hint')}
        closeLabel={t('com_gallery_close')}
      >
        <form
          className="flex flex-col gap-3"
          data-testid="import-dialog"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => void onFile(e)}
            data-testid="import-file"
          />
          <Button variant="outline" className="self-start" onClick={() => fileInput.current?.click()}>
            <FileJson className="size-4" />
            {t('com_gallery_import_file')}
          </Button>
          <label htmlFor={`${ids}-json`} className="text-sm font-medium">
            {t('com_gallery_import_paste')}
          </label>
          <Textarea
            id={`${ids}-json`}
            rows={8}
            value={text}
            onChange={(e) => setText(e.target.value)}
            spellCheck={false}
            className="font-mono text-xs"
            aria-invalid={error ? true : undefined}
            data-testid="import-json"
          />
          {providers.length > 1 ? (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${ids}-provider`} className="text-sm font-medium">
                {t('com_gallery_import_provider')}
              </label>
              <select
                id={`${ids}-provider`}
                value={provider ?? ''}
                onChange={(e) => setProvider(e.target.value)}
                className={inputClass('md')}
              >
                {providers.map((name) => (
                  <option key={name} value={name}>
                    {endpointLabel(name, endpoints.data?.[name])}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {error ? (
            <p
              role="alert"
              className="text-sm text-destructive [overflow-wrap:anywhere]"
              data-testid="import-error"
            >
              {error}
            </p>
          ) : null}
          <div className="flex justify-end">
            <Button
              type="submit"
              variant="primary"
              disabled={!text.trim() || importer.isPending}
              data-testid="import-submit"
            >
              {t('com_gallery_import_submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
