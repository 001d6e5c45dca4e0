import { FILES_PANEL_PAGE_SIZE, type FileObject } from '@parley/schema';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { t } from '../../../i18n/t.ts';
import { cn } from '../../../lib/cn.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { useFilesTable } from '../use-files-page.ts';
import { SortHeader } from './sort-header.tsx';
import '../../../i18n/en-files.ts';

/** Checked rows, kept by id across pages (the manager's bulk actions read the files). */
export type FileSelection = {
  selected: ReadonlyMap<string, FileObject>;
  onChange: (next: Map<string, FileObject>) => void;
};

export type FilesTableProps = {
  /**
   * 'panel': the narrow side panel (short dates, no size column). 'page': the /d/files manager,
   * with size and time of day from the `sm` breakpoint; below it the size goes under the name, so
   * the table fits a 375 px phone without scrolling sideways.
   */
  variant: 'panel' | 'page';
  pageSize?: number;
  /** Controls beside the filter (the manager's bulk actions). */
  toolbar?: ReactNode;
  /** Checkbox column, select-page header and the "n of m selected" count. */
  selection?: FileSelection;
  /** Makes the name a button (the panel attaches the file); its accessible name per file. */
  onOpen?: { run: (file: FileObject) => void; label: (file: FileObject) => string };
  /** A last column of per-row controls (the panel's delete), with its header's screen-reader name. */
  rowAction?: { header: string; render: (file: FileObject) => ReactNode };
};

const shortDate = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const mediumDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The panel's date: "Nov 28" this year, with the year otherwise, so the name keeps the width. */
function compactDate(ms: number): string {
  return new Date(ms).getFullYear() === new Date().getFullYear()
    ? shortDate.format(ms)
    : mediumDate.format(ms);
}

/**
 * The user's files as a table (doc 3 §9): the filter, sortable name and date headers, one page of
 * rows, and previous/next. The Files panel and the /d/files manager differ only by the props.
 */
export function FilesTable({
  variant,
  pageSize = FILES_PANEL_PAGE_SIZE,
  toolbar,
  selection,
  onOpen,
  rowAction,
}: FilesTableProps) {
  const table = useFilesTable({ pageSize });
  const page = variant === 'page';
  const cell = page ? 'px-2 py-2' : 'px-2 py-1.5';
  const files = table.files;
  const selected = selection?.selected;
  const pageSelected = files.length > 0 && files.every((f) => selected?.has(f.file_id));
  const setRows = (rows: readonly FileObject[], on: boolean) => {
    if (!selection) return;
    const next = new Map(selection.selected);
    for (const f of rows) {
      if (on) next.set(f.file_id, f);
      else next.delete(f.file_id);
    }
    selection.onChange(next);
  };

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        {/* A full row of its own on a phone; beside the toolbar from `sm`. */}
        <div className="flex min-w-0 basis-full sm:basis-0 sm:flex-1">
          <SearchField
            value={table.filter}
            onChange={table.setFilter}
            label={t('com_files_filter')}
            testId="files-filter"
          />
        </div>
        {toolbar}
      </div>
      <div className="overflow-x-auto rounded-xl border border-border">
        <table className="w-full text-sm" aria-label={t('com_files_table')}>
          <thead className="border-b border-border bg-muted/60 text-left text-xs font-medium text-muted-foreground">
            <tr>
              {selection ? (
                <th scope="col" className="w-10 p-0">
                  <label className="flex h-9 w-10 cursor-pointer items-center justify-center">
                    <input
                      type="checkbox"
                      checked={pageSelected}
                      onChange={() => setRows(files, !pageSelected)}
                      aria-label={t('com_ui_select_all')}
                      data-testid="files-select-page"
                      className="size-4 accent-primary"
                    />
                  </label>
                </th>
              ) : null}
              <SortHeader
                label={t('com_ui_name')}
                column="filename"
                sort={table.sort}
                onSort={table.sortOn}
                testId="files-sort-name"
                className={cn(cell, 'w-full')}
              />
              {page ? (
                <th scope="col" className={cn(cell, 'hidden whitespace-nowrap sm:table-cell')}>
                  {t('com_files_size')}
                </th>
              ) : null}
              <SortHeader
                label={t('com_ui_date')}
                column="createdAt"
                sort={table.sort}
                onSort={table.sortOn}
                testId="files-sort-date"
                className={cn(cell, 'whitespace-nowrap')}
              />
              {rowAction ? (
                <th scope="col" className="w-9">
                  <span className="sr-only">{rowAction.header}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {files.map((file) => {
              const checked = selected?.has(file.file_id) ?? false;
              return (
                <tr
                  key={file.file_id}
                  data-testid="files-row"
                  aria-selected={selection ? checked : undefined}
                  className="border-b border-border/60 last:border-b-0 aria-selected:bg-accent/60"
                >
                  {selection ? (
                    <td className="p-0">
                      {/* The whole cell is the checkbox's target: a 16 px box alone is hard to tap. */}
                      <label className="flex min-h-10 w-10 cursor-pointer items-center justify-center">
                        <input
                          type="checkbox"
                          checked={checked}
                          onChange={() => setRows([file], !checked)}
                          aria-label={t('com_files_select_row', { name: file.filename })}
                          data-testid="files-row-select"
                          className="size-4 accent-primary"
                        />
                      </label>
                    </td>
                  ) : null}
                  {/* max-w-0 with w-full: the name takes what the other columns leave, and truncates. */}
                  <td className={cn(cell, 'max-w-0')} title={file.filename}>
                    {onOpen ? (
                      <button
                        type="button"
                        onClick={() => onOpen.run(file)}
                        aria-label={onOpen.label(file)}
                        data-testid="files-row-name"
                        className="block w-full truncate rounded text-left font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {file.filename}
                      </button>
                    ) : (
                      <span className="block truncate font-medium" data-testid="files-row-name">
                        {file.filename}
                      </span>
                    )}
                    {page ? (
                      <span className="block text-xs tabular-nums text-muted-foreground sm:hidden">
                        {formatBytes(file.bytes)}
                      </span>
                    ) : null}
                  </td>
                  {page ? (
                    <td
                      className={cn(
                        cell,
                        'hidden whitespace-nowrap tabular-nums text-muted-foreground sm:table-cell',
                      )}
                    >
                      {formatBytes(file.bytes)}
                    </td>
                  ) : null}
                  <td
                    className={cn(
                      cell,
                      'whitespace-nowrap tabular-nums text-muted-foreground',
                      page ? 'pr-3' : 'text-xs',
                    )}
                    title={dateTime.format(file.createdAt)}
                  >
                    {page ? (
                      <>
                        <span className="sm:hidden">{mediumDate.format(file.createdAt)}</span>
                        <span className="hidden sm:inline">{dateTime.format(file.createdAt)}</span>
                      </>
                    ) : (
                      compactDate(file.createdAt)
                    )}
                  </td>
                  {rowAction ? <td className="pr-1">{rowAction.render(file)}</td> : null}
                </tr>
              );
            })}
          </tbody>
        </table>
        {table.loading ? (
          <div className="flex justify-center py-8">
            <Spinner className="size-5" />
          </div>
        ) : table.error ? (
          <p className="px-3 py-8 text-center text-sm text-muted-foreground">{t('com_files_load_error')}</p>
        ) : files.length === 0 ? (
          <p className="px-3 py-8 text-center text-sm text-muted-foreground" data-testid="files-empty">
            {t('com_files_no_results')}
          </p>
        ) : null}
      </div>
      <div className="flex items-center justify-between gap-2">
        {selection ? (
          <span className="text-xs text-muted-foreground" data-testid="files-selected-count">
            {t('com_files_number_selected', { 0: selection.selected.size, 1: files.length })}
          </span>
        ) : (
          <span />
        )}
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
    </>
  );
}
