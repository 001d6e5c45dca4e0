import { useId, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { inputClass, Textarea } from '../../components/ui/input.tsx';
import { t } from '../../i18n/t.ts';
import { cn } from '../../lib/cn.ts';
import { usePreferences } from '../../store/preferences.ts';
import '../../i18n/en-prompt-use.ts';
import type { UsablePrompt } from './filter.ts';
import type { Deliver } from './pending-prompt.ts';
import { deliverFilled, specialContext } from './use-prompt.ts';
import { extractVariables, type Segment, segmentText } from './variables.ts';

/** doc 2 §9: variable inputs grow up to 8 rows. */
const MAX_ROWS = 8;

function rowsFor(value: string): number {
  return Math.min(MAX_ROWS, Math.max(1, value.split('\n').length));
}

/** The filled text with its placeholders marked: special values, filled and unfilled variables. */
export function FilledPreview({ segments }: { segments: Segment[] }) {
  return (
    <p
      className="max-h-56 overflow-y-auto whitespace-pre-wrap rounded-xl bg-muted px-3 py-2 text-sm [overflow-wrap:anywhere]"
      data-testid="prompt-preview-text"
    >
      {segments.map((s, i) => {
        // Segments never move: the index is a stable key.
        const key = i;
        if (s.kind === 'text') return <span key={key}>{s.text}</span>;
        return (
          <mark
            key={key}
            data-variable={s.name}
            data-kind={s.kind === 'special' ? 'special' : s.filled ? 'filled' : 'empty'}
            className={cn(
              'rounded px-0.5',
              s.kind === 'special' && 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
              s.kind === 'variable' && s.filled && 'bg-sky-500/15 text-sky-800 dark:text-sky-300',
              s.kind === 'variable' && !s.filled && 'bg-amber-500/20 text-amber-900 dark:text-amber-200',
            )}
          >
            {s.text}
          </mark>
        );
      })}
    </p>
  );
}

/**
 * The variables dialog (doc 2 §2.5, §5.9): a text field per variable, a dropdown for
 * `name:a|b|c`, one field for a name written several times; the preview fills as the user types,
 * with {{current_date}} and {{current_user}} filled and highlighted. Submitting delivers the text
 * (sent or inserted, per auto-send); an empty field leaves its placeholder.
 */
export default function VariablesDialog({
  open,
  prompt,
  deliver,
  onClose,
}: {
  open: boolean;
  prompt: UsablePrompt;
  deliver: Deliver;
  onClose: () => void;
}) {
  const variables = useMemo(() => extractVariables(prompt.text), [prompt.text]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [ctx] = useState(() => specialContext());
  const segments = useMemo(() => segmentText(prompt.text, values, ctx), [prompt.text, values, ctx]);
  const autoSend = usePreferences((s) => s.autoSendPrompts);
  const formId = useId();

  const submit = (event?: { preventDefault: () => void }) => {
    event?.preventDefault();
    onClose();
    deliverFilled(prompt, values, deliver);
  };
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogContent
        title={prompt.name}
        description={t('com_prompt_use_variables_hint')}
        closeLabel={t('com_prompt_use_close')}
        className="sm:max-w-xl"
      >
        <form id={formId} onSubmit={submit} className="flex flex-col gap-4" data-testid="prompt-variables">
          {variables.map((v, i) => {
            const id = `${formId}-${i}`;
            const value = values[v.name] ?? '';
            return (
              <div key={v.name} className="flex flex-col gap-1.5">
                <label htmlFor={id} className="text-sm font-medium [overflow-wrap:anywhere]">
                  {v.name}
                </label>
                {v.options ? (
                  <select
                    id={id}
                    value={value}
                    onChange={(e) => set(v.name, e.target.value)}
                    // biome-ignore lint/a11y/noAutofocus: the dialog opens on its first field, as with a text field
                    autoFocus={i === 0}
                    className={cn(inputClass('md'), 'w-full')}
                    data-testid={`prompt-variable-${v.name}`}
                  >
                    <option value="">{t('com_prompt_use_choose')}</option>
                    {v.options.map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                  </select>
                ) : (
                  <Textarea
                    id={id}
                    rows={rowsFor(value)}
                    value={value}
                    placeholder={`{{${v.name}}}`}
                    onChange={(e) => set(v.name, e.target.value)}
                    onKeyDown={(e) => {
                      // Enter sends as in the composer; Shift+Enter starts a new line.
                      if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
                    }}
                    autoFocus={i === 0}
                    data-testid={`prompt-variable-${v.name}`}
                  />
                )}
              </div>
            );
          })}
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium">{t('com_prompt_use_result')}</span>
            <FilledPreview segments={segments} />
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={onClose}>
              {t('com_prompt_use_cancel')}
            </Button>
            <Button type="submit" variant="primary" data-testid="prompt-variables-submit">
              {autoSend ? t('com_prompt_use_send') : t('com_prompt_use_insert')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
