import { Download, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../api/client.ts';
import { exportPrompts, useImportPrompts } from '../../api/prompts.ts';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { t } from '../../i18n/t.ts';
import { downloadBlob } from '../../lib/download-blob.ts';
import '../../i18n/en-prompts.ts';
import { exportFileName, parseImportFile } from './transfer.ts';

/**
 * Export the user's own prompts as JSON, and import such a file (beyond the spec: ours, or
 * LibreChat's prompt groups). Import makes new groups, so it needs PROMPTS CREATE.
 */
export function TransferButtons({ canImport }: { canImport: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const importing = useImportPrompts();
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    setExporting(true);
    try {
      const data = await exportPrompts();
      downloadBlob(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
        exportFileName(new Date()),
      );
    } catch {
      toast.error(t('com_prompts_export_error'));
    } finally {
      setExporting(false);
    }
  };

  const onFile = async (file: File) => {
    const parsed = parseImportFile(await file.text());
    if (!parsed.ok) {
      toast.error(t('com_prompts_import_error', { 0: t('com_prompts_import_not_json') }));
      return;
    }
    importing.mutate(parsed.body, {
      onSuccess: (result) => {
        toast.success(t('com_prompts_imported', { 0: result.imported }));
        const first = result.groupIds[0];
        if (first) navigate(`/d/prompts/${encodeURIComponent(first)}`);
      },
      onError: (error) =>
        toast.error(t('com_prompts_import_error', { 0: error instanceof ApiError ? error.message : '' })),
    });
  };

  return (
    <>
      <IconButton
        label={t('com_prompts_export_hint')}
        onClick={() => void onExport()}
        disabled={exporting}
        data-testid="prompts-export"
      >
        <Download className="size-4" />
      </IconButton>
      {canImport ? (
        <>
          <IconButton
            label={t('com_prompts_import_hint')}
            onClick={() => input.current?.click()}
            disabled={importing.isPending}
            data-testid="prompts-import"
          >
            <Upload className="size-4" />
          </IconButton>
          <input
            ref={input}
            type="file"
            accept="application/json,.json"
            className="hidden"
            data-testid="prompts-import-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void onFile(file);
            }}
          />
        </>
      ) : null}
    </>
  );
}
