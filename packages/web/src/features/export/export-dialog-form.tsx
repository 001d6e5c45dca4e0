import { EXPORT_TYPES, type ExportType } from '@parley/schema';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { convoQuery } from '../../api/convos.ts';
import { messagesQuery } from '../../api/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Input, inputClass } from '../../components/ui/input.tsx';
import { Row } from '../../components/ui/settings-row.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import type { TranslationKey } from '../../i18n/t.ts';
import { t } from '../../i18n/t.ts';
import { downloadBlob } from '../../lib/download-blob.ts';
import type { ExportDialogProps } from './export-dialog.tsx';
import {
  DEFAULT_EXPORT_OPTIONS,
  type ExportOptions,
  exportFileName,
  exportMime,
  exportSupport,
  formatExport,
  sanitizeFileName,
  withType,
} from './export-format.ts';
import { captureThread } from './screenshot.ts';

const TYPE_LABELS: Record<ExportType, TranslationKey> = {
  screenshot: 'com_nav_export_type_screenshot',
  text: 'com_nav_export_type_text',
  markdown: 'com_nav_export_type_markdown',
  json: 'com_nav_export_type_json',
  csv: 'com_nav_export_type_csv',
};

/** Whether an option applies to the chosen type. */
const supportHint = (supported: boolean) => (supported ? t('com_nav_enabled') : t('com_nav_not_supported'));

/**
 * Export a conversation (doc 3 §2, §4): file name, type and the options each type supports; the
 * file is built in the browser from the whole message tree and downloaded.
 */
export default function ExportDialog({
  conversationId,
  open,
  onOpenChange,
  getVisibleBranch,
  getScreenshotTarget,
}: ExportDialogProps) {
  const qc = useQueryClient();
  const nameId = useId();
  const typeId = useId();
  const [name, setName] = useState('');
  const [options, setOptions] = useState<ExportOptions>(DEFAULT_EXPORT_OPTIONS);
  const [busy, setBusy] = useState(false);
  const canScreenshot = !!getScreenshotTarget;

  // Every opening starts from the defaults and the conversation's current title.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!open) return;
    setOptions(canScreenshot ? DEFAULT_EXPORT_OPTIONS : withType(DEFAULT_EXPORT_OPTIONS, 'text'));
    setName('');
    void qc.fetchQuery(convoQuery(qc, conversationId)).then(
      (c) => setName((current) => current || sanitizeFileName(c.title)),
      () => undefined,
    );
  }, [open, conversationId]);

  const support = exportSupport(options.type);
  const set = (patch: Partial<ExportOptions>) => setOptions((o) => ({ ...o, ...patch }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const fileName = exportFileName(name, options.type);
      if (options.type === 'screenshot') {
        const target = getScreenshotTarget?.();
        if (!target) throw new Error('no thread on screen');
        downloadBlob(await captureThread(target), fileName);
      } else {
        const [conversation, messages] = await Promise.all([
          qc.fetchQuery(convoQuery(qc, conversationId)),
          qc.fetchQuery(messagesQuery(conversationId)),
        ]);
        const body = formatExport({ conversation, messages, options, visibleBranch: getVisibleBranch?.() });
        downloadBlob(new Blob([body], { type: exportMime(options.type) }), fileName);
      }
      onOpenChange(false);
    } catch {
      toast.error(t('com_nav_export_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('com_nav_export_conversation')} closeLabel={t('com_ui_cancel')}>
        <form onSubmit={onSubmit} data-testid="export-dialog">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <label htmlFor={nameId} className="text-sm font-medium">
                {t('com_nav_export_filename')}
              </label>
              <Input
                id={nameId}
                value={name}
                placeholder={t('com_nav_export_filename_placeholder')}
                onChange={(e) => setName(e.target.value)}
                data-testid="export-filename"
              />
            </div>
            <div className="grid gap-1.5">
              <label htmlFor={typeId} className="text-sm font-medium">
                {t('com_nav_export_type')}
              </label>
              <select
                id={typeId}
                className={`${inputClass()} w-full`}
                value={options.type}
                onChange={(e) => setOptions((o) => withType(o, e.target.value as ExportType))}
                data-testid="export-type"
              >
                {EXPORT_TYPES.map((type) => (
                  <option key={type} value={type} disabled={type === 'screenshot' && !canScreenshot}>
                    {t(TYPE_LABELS[type])}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {canScreenshot ? null : (
            <p className="mt-2 text-xs text-muted-foreground">{t('com_nav_export_screenshot_unavailable')}</p>
          )}
          <div className="mt-3 divide-y divide-border">
            <Row label={t('com_nav_export_include_endpoint_options')} hint={supportHint(support.options)}>
              {(id) => (
                <Switch
                  id={id}
                  checked={options.includeOptions}
                  disabled={!support.options}
                  onCheckedChange={(v) => set({ includeOptions: v })}
                  data-testid="export-include-options"
                />
              )}
            </Row>
            <Row label={t('com_nav_export_all_message_branches')} hint={supportHint(support.branches)}>
              {(id) => (
                <Switch
                  id={id}
                  checked={options.branches}
                  disabled={!support.branches}
                  onCheckedChange={(v) => set({ branches: v })}
                  data-testid="export-branches"
                />
              )}
            </Row>
            {support.recursive ? (
              <Row label={t('com_nav_export_recursive_or_sequential')} hint={supportHint(true)}>
                {(id) => (
                  <span className="flex items-center gap-2 text-sm text-muted-foreground">
                    {t('com_nav_export_recursive')}
                    <Switch
                      id={id}
                      checked={options.recursive}
                      onCheckedChange={(v) => set({ recursive: v })}
                      data-testid="export-recursive"
                    />
                  </span>
                )}
              </Row>
            ) : null}
          </div>
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="outline" size="sm" onClick={() => onOpenChange(false)}>
              {t('com_ui_cancel')}
            </Button>
            <Button type="submit" variant="primary" size="sm" disabled={busy} data-testid="export-submit">
              {busy ? <Spinner className="size-4 text-current" /> : null}
              {t('com_nav_export')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
