import { FILES_PANEL_PAGE_SIZE, type FileObject } from '@parley/schema';
import { ArrowLeft, ChevronLeft, ChevronRight, Paperclip, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useDeleteFiles, useFileConfig } from '../../api/files.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import '../../i18n/en-files.ts';
import { t } from '../../i18n/t.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { attachFromTable } from './attach-from-table.ts';
import { SortHeader } from './components/sort-header.tsx';
import { useAttachments } from './store/attachments.ts';
import { useFilesTable } from './use-files-page.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /d/files, the file manager (doc 3): the user's files in a table with filter, sorting and pages;
 * rows are selected across pages and deleted together (after a confirmation) or attached to the
 * conversation the user came from, by the files-table rules.
 */
export default function FileManagerPage() {
  const table = useFilesTable({ pageSize: FILES_PANEL_PAGE_SIZE });
  const config = useFileConfig();
  const remove = useDeleteFiles();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Map<string, FileObject>>(new Map());
  const [confirm, setConfirm] = useState(false);
  const lastTarget = useAttachments((s) => s.lastTarget);

  const toggle = (file: FileObject) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(file.file_id)) next.delete(file.file_id);
      else next.set(file.file_id, file);
      return next;
    });
  const pageSelected = table.files.length > 0 && table.files.every((f) => selected.has(f.file_id));
  const togglePage = () =>
    setSelected((current) => {
      const next = new Map(current);
      for (const f of table.files) {
        if (pageSelected) next.delete(f.file_id);
        else next.set(f.file_id, f);
      }
      return next;
    });

  const onDelete = () => {
    const files = [...selected.values()].map((f) => ({
      file_id: f.file_id,
      filepath: f.filepath,
      embedded: f.embedded,
      source: f.source,
    }));
    remove.mutate(files, {
      onSuccess: () => {
        setSelected(new Map());
        setConfirm(false);
        toast.success(t('com_files_deleted'));
      },
      onError: () => toast.error(t('com_files_delete_error')),
    });
  };

  const onAttach = () => {
    const attached = attachFromTable([...selected.values()], lastTarget, config.data, { handoff: true });
    if (attached === 0) return;
    setSelected(new Map());
    const id = lastTarget?.conversationId;
    navigate(id ? `/chat/${encodeURIComponent(id)}` : '/chat/new');
  };

  return (
    <div className="flex min-h-dvh flex-col bg-background" data-testid="file-manager">
      <header className="flex items-center gap-3 border-b border-border px-4 py-3">
        <Link
          to={
            lastTarget?.conversationId
              ? `/chat/${encodeURIComponent(lastTarget.conversationId)}`
              : '/chat/new'
          }
          aria-label={t('com_files_back_to_chat')}
          className="inline-flex size-9 items-center justify-center rounded-lg hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft className="size-5" />
        </Link>
        <h1 className="text-lg font-semibold">{t('com_files_manager_title')}</h1>
      </header>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-3 px-4 py-4">
        <div className="flex flex-wrap items-center gap-2">
          <SearchField
            value={table.filter}
            onChange={table.setFilter}
            label={t('com_files_filter')}
            testId="files-filter"
          />
          <Button
            variant="secondary"
            size="sm"
            className="h-9"
            disabled={selected.size === 0}
            onClick={onAttach}
            data-testid="files-attach-selected"
          >
            <Paperclip className="size-4" />
            {t('com_files_attach_selected')}
          </Button>
          <Button
            variant="destructive"
            size="sm"
            className="h-9"
            disabled={selected.size === 0}
            onClick={() => setConfirm(true)}
            data-testid="files-delete-selected"
          >
            <Trash2 className="size-4" />
            {t('com_files_delete_selected')}
          </Button>
        </div>
        <div className="overflow-x-auto rounded-xl border border-border">
          <table className="w-full min-w-[32rem] text-sm" aria-label={t('com_files_table')}>
            <thead className="border-b border-border bg-muted/60 text-left text-xs font-medium text-muted-foreground">
              <tr>
                <th scope="col" className="w-10 px-3 py-2">
                  <input
                    type="checkbox"
                    checked={pageSelected}
                    onChange={togglePage}
                    aria-label={t('com_ui_select_all')}
                    data-testid="files-select-page"
                    className="size-4 accent-primary"
                  />
                </th>
                <SortHeader
                  label={t('com_ui_name')}
                  column="filename"
                  sort={table.sort}
                  onSort={table.sortOn}
                  testId="files-sort-name"
                  className="px-2 py-2"
                />
                <th scope="col" className="w-24 px-2 py-2">
                  {t('com_files_size')}
                </th>
                <SortHeader
                  label={t('com_ui_date')}
                  column="createdAt"
                  sort={table.sort}
                  onSort={table.sortOn}
                  testId="files-sort-date"
                  className="w-48 px-2 py-2"
                />
              </tr>
            </thead>
            <tbody>
              {table.files.map((file) => (
                <tr
                  key={file.file_id}
                  data-testid="files-row"
                  aria-selected={selected.has(file.file_id)}
                  className="border-b border-border/60 last:border-b-0 aria-selected:bg-accent/60"
                >
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      checked={selected.has(file.file_id)}
                      onChange={() => toggle(file)}
                      aria-label={t('com_files_select_row', { name: file.filename })}
                      data-testid="files-row-select"
                      className="size-4 accent-primary"
                    />
                  </td>
                  <td
                    className="max-w-0 truncate px-2 py-2 font-medium"
                    title={file.filename}
                    data-testid="files-row-name"
                  >
                    {file.filename}
                  </td>
                  <td className="px-2 py-2 tabular-nums text-muted-foreground">{formatBytes(file.bytes)}</td>
                  <td className="px-2 py-2 tabular-nums text-muted-foreground">
                    {dateFormat.format(file.createdAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {table.loading ? (
            <div className="flex justify-center py-8">
              <Spinner className="size-5" />
            </div>
          ) : table.error ? (
            <p className="px-3 py-8 text-center text-sm text-muted-foreground">{t('com_files_load_error')}</p>
          ) : table.files.length === 0 ? (
            <p className="px-3 py-8 text-center text-sm text-muted-foreground" data-testid="files-empty">
              {t('com_files_no_results')}
            </p>
          ) : null}
        </div>
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-muted-foreground" data-testid="files-selected-count">
            {t('com_files_number_selected', { 0: selected.size, 1: table.files.length })}
          </span>
          <div className="flex items-center gap-1">
            <span className="mr-1 text-xs text-muted-foreground" data-testid="files-page">
              {t('com_files_page', { 0: table.page })}
            </span>
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
      </main>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t('com_files_delete_title')}
        description={t('com_files_delete_confirm', { 0: selected.size })}
        confirmLabel={t('com_ui_delete')}
        cancelLabel={t('com_ui_cancel')}
        closeLabel={t('com_ui_close')}
        onConfirm={onDelete}
        pending={remove.isPending}
        testId="files-delete-dialog"
      />
    </div>
  );
}
