import { CONVERSATION_IMPORT_MAX_FILE_SIZE } from '@parley/schema';
import { Upload } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../api/client.ts';
import { useStartupConfig } from '../../api/config.ts';
import { useImportConversations } from '../../api/transfer.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';

/** The import size limit in MB, two decimals, as the server words it. */
const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

/** Whether a picked file may be sent: a .json file only (doc 3 §5), under the server's size limit. */
export function checkImportFile(file: File, maxBytes: number): string | null {
  if (!/\.json$/i.test(file.name) && file.type !== 'application/json')
    return t('com_ui_import_conversation_file_type_error');
  if (file.size > maxBytes) return t('com_error_files_upload_too_large', { size: megabytes(maxBytes) });
  return null;
}

/**
 * The import error toast (doc 3 §8): the file-type text for an unsupported file, the limit for a
 * file too large (the same limit the server applies), else the generic text.
 */
export function importErrorText(error: unknown, maxBytes: number): string {
  if (error instanceof ApiError && error.code === 'import_unsupported')
    return t('com_ui_import_conversation_file_type_error');
  if (error instanceof ApiError && error.code === 'import_too_large')
    return t('com_ui_import_too_large', { size: megabytes(maxBytes) });
  return t('com_ui_import_conversation_error');
}

/** Settings → Data controls → Import conversations (doc 3 §2, §7). */
export function ImportConversations() {
  const config = useStartupConfig();
  const input = useRef<HTMLInputElement>(null);
  const maxBytes = config.data?.conversationImportMaxFileSize ?? CONVERSATION_IMPORT_MAX_FILE_SIZE;
  const { state, start, busy } = useImportConversations({
    onDone: () => toast.success(t('com_ui_import_conversation_success')),
    onError: (error) => toast.error(importErrorText(error, maxBytes)),
  });

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    try {
      const problem = checkImportFile(file, maxBytes);
      if (problem) {
        toast.error(problem);
        return;
      }
      void start(file);
    } catch {
      toast.error(t('com_ui_import_conversation_upload_error'));
    }
  };

  const job = state.phase === 'running' ? state.job : null;
  const percent = job && job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  const progress = useRef<HTMLDivElement>(null);
  const showing = job !== null;
  // The block sits at the end of a scrolling dialog: bring the progress bar into view once.
  useEffect(() => {
    if (showing) progress.current?.scrollIntoView?.({ block: 'nearest' });
  }, [showing]);

  return (
    <div className="py-3" data-testid="import-conversations">
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0 text-sm">
          <span className="block">{t('com_ui_import_conversation_info')}</span>
          <span className="mt-0.5 block text-xs text-muted-foreground">
            {t('com_ui_import_conversation_hint')}
          </span>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => input.current?.click()}
          data-testid="import-button"
        >
          {busy ? <Spinner className="size-4" /> : <Upload className="size-4" />}
          {busy ? t('com_ui_importing') : t('com_ui_import')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          className="hidden"
          aria-label={t('com_ui_import_conversation_info')}
          onChange={(e) => onFile(e.target.files?.[0])}
          data-testid="import-file"
        />
      </div>
      {job ? (
        <div ref={progress} className="mt-3" role="status" data-testid="import-progress">
          <div className="h-1.5 overflow-hidden rounded-full bg-muted">
            <div
              className="h-full rounded-full bg-brand transition-[width]"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="mt-1.5 text-xs text-muted-foreground">
            {t('com_ui_import_progress', {
              done: job.done.toLocaleString(),
              total: job.total.toLocaleString(),
            })}
          </p>
        </div>
      ) : null}
    </div>
  );
}
