import type { FileObject } from '@parley/schema';
import { ChevronLeft, ChevronRight, FolderOpen, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useDeleteFiles, useFileConfig } from '../../api/files.ts';
import { SidePanel } from '../../components/side-panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import '../../i18n/en-files.ts';
import { t } from '../../i18n/t.ts';
import { attachFromTable } from './attach-from-table.ts';
import { SortHeader } from './components/sort-header.tsx';
import type { ComposerTarget } from './store/attachments.ts';
import { useFilesTable } from './use-files-page.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * The Files panel (doc 3 §2 "Attach files"): the user's files with a filename filter, name and
 * date sorting, 10 rows per page with previous/next, a click on a name attaches the file to this
 * conversation (doc 3 rules), a delete per row, and the button that opens the file manager.
 */
export default function FilesPanel({ target }: { target: ComposerTarget }) {
  const table = useFilesTable();
  const config = useFileConfig();
  const remove = useDeleteFiles();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<FileObject | null>(null);

  const onDelete = (file: FileObject) =>
    remove.mutate(
      [{ file_id: file.file_id, filepath: file.filepath, embedded: file.embedded, source: file.source }],
      {
        onSuccess: () => {
          setConfirm(null);
          toast.success(t('com_files_deleted'));
        },
        onError: () => toast.error(t('com_files_delete_error')),
      },
    );

  return (
    <SidePanel title={t('com_sidepanel_attach_files')}>
      <div className="flex flex-col gap-3" data-testid="files-panel">
        <SearchField
          value={table.filter}
          onChange={table.setFilter}
          label={t('com_files_filter')}
          testId="files-filter"
        />
        <div className="overflow-hidden rounded-xl border border-border">
          <table className="w-full table-fixed text-sm" aria-label={t('com_files_table')}>
            <thead className="border-b border-border bg-muted/60 text-left text-xs font-medium text-muted-foreground">
              <tr>
                <SortHeader
                  label={t('com_ui_name')}
                  column="filename"
                  sort={table.sort}
                  onSort={table.sortOn}
                  testId="files-sort-name"
                  className="px-2 py-1.5"
                />
                <SortHeader
                  label={t('com_ui_date')}
                  column="createdAt"
                  sort={table.sort}
                  onSort={table.sortOn}
                  testId="files-sort-date"
                  className="w-28 px-2 py-1.5"
                />
                <th scope="col" className="w-9">
                  <span className="sr-only">{t('com_ui_delete')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {table.files.map((file) => (
                <tr
                  key={file.file_id}
                  data-testid="files-row"
                  className="border-b border-border/60 last:border-b-0"
                >
                  <td className="px-2 py-1.5">
                    <button
                      type="button"
                      onClick={() => {
                        if (attachFromTable([file], target, config.data) > 0)
                          toast.success(t('com_files_attached'));
                      }}
                      aria-label={t('com_files_attach', { name: file.filename })}
                      title={file.filename}
                      data-testid="files-row-name"
                      className="block w-full truncate rounded text-left font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {file.filename}
                    </button>
                  </td>
                  <td className="px-2 py-1.5 text-xs text-muted-foreground tabular-nums">
                    {dateFormat.format(file.createdAt)}
                  </td>
                  <td className="pr-1">
                    <IconButton
                      label={t('com_files_delete_file', { name: file.filename })}
                      tooltip={t('com_ui_delete')}
                      size="icon-xs"
                      danger
                      onClick={() => setConfirm(file)}
                      data-testid="files-row-delete"
                    >
                      <Trash2 className="size-4" />
                    </IconButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {table.loading ? (
            <div className="flex justify-center py-6">
              <Spinner className="size-5" />
            </div>
          ) : table.error ? (
            <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t('com_files_load_error')}</p>
          ) : table.files.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-muted-foreground" data-testid="files-empty">
              {t('com_files_no_results')}
            </p>
          ) : null}
        </div>
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-muted-foreground" data-testid="files-page">
            {t('com_files_page', { 0: table.page })}
          </span>
          <div className="flex gap-1">
            <IconButton
              label={t('com_ui_previous')}
              size="icon-sm"
              disabled={!table.hasPrevious}
              onClick={table.previous}
              data-testid="files-previous"
            >
              <ChevronLeft className="size-4" />
            </IconButton>
            <IconButton
              label={t('com_ui_next')}
              size="icon-sm"
              disabled={!table.hasNext}
              onClick={table.next}
              data-testid="files-next"
            >
              <ChevronRight className="size-4" />
            </IconButton>
          </div>
        </div>
        <Button variant="secondary" size="sm" onClick={() => navigate('/d/files')} data-testid="files-manage">
          <FolderOpen className="size-4" />
          {t('com_files_manage')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        title={t('com_files_delete_title')}
        description={confirm ? t('com_files_delete_one_confirm', { name: confirm.filename }) : ''}
        confirmLabel={t('com_ui_delete')}
        cancelLabel={t('com_ui_cancel')}
        closeLabel={t('com_ui_close')}
        onConfirm={() => confirm && onDelete(confirm)}
        pending={remove.isPending}
        testId="files-delete-dialog"
      />
    </SidePanel>
  );
}
