import { SEARCH_DEBOUNCE_MS, type SharedLink } from '@parley/schema';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ExternalLink, Trash2 } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { type SharedLinkFilters, sharedLinksInfinite, useDeleteSharedLinks } from '../../api/share.ts';
import {
  SortButton,
  type TableSort,
  usePagedRows,
  useRowSelection,
  useTableSort,
} from '../../components/paged-table.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { t } from '../../i18n/t.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { formatShareRowDate, validSelection } from './share-links.ts';

/** Doc 3 §9: row estimate 48 px, overscan 10, 13 skeleton rows. */
const ROW_PX = 48;
const OVERSCAN = 10;
const SKELETON_ROWS = 13;

const checkbox = 'size-4 shrink-0 cursor-pointer rounded accent-foreground';

function SortHeader({
  label,
  column,
  sort,
  onSort,
  className,
}: {
  label: string;
  column: SharedLinkFilters['sortBy'];
  sort: TableSort<SharedLinkFilters['sortBy']>;
  onSort: (column: SharedLinkFilters['sortBy']) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <SortButton
        label={label}
        column={column}
        sort={sort}
        onSort={onSort}
        ariaLabel={column === 'title' ? t('com_ui_sort_by_name') : t('com_ui_sort_by_date')}
        testId={`sort-${column}`}
        className="px-1 py-0.5"
      />
    </div>
  );
}

function SkeletonRows() {
  return (
    <div aria-hidden="true">
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="flex h-12 items-center gap-3 px-3">
          <div className="size-4 rounded bg-muted" />
          <div
            className="h-3.5 flex-1 animate-pulse rounded bg-muted"
            style={{ maxWidth: `${60 - (i % 4) * 8}%` }}
          />
          <div className="hidden h-3.5 w-20 animate-pulse rounded bg-muted sm:block" />
        </div>
      ))}
    </div>
  );
}

function Manager() {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, onSort] = useTableSort<SharedLinkFilters['sortBy']>({
    sortBy: 'createdAt',
    sortDirection: 'desc',
  });
  // The previous rows stay while a new sort or search loads, instead of flashing the skeleton.
  const query = useInfiniteQuery({
    ...sharedLinksInfinite({ search, ...sort }),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.links) ?? [], [query.data]);
  const { selected, setSelected, toggle } = useRowSelection();
  const [pendingDelete, setPendingDelete] = useState<SharedLink[] | null>(null);
  const remove = useDeleteSharedLinks();

  const { isFetchingNextPage } = query;
  const { scrollRef, virtualizer, maybeLoadMore } = usePagedRows({
    rows,
    rowKey: (link) => link.shareId,
    estimateSize: ROW_PX,
    overscan: OVERSCAN,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
  });
  const chosen = validSelection(selected, rows);
  const allSelected = rows.length > 0 && chosen.length === rows.length;

  const askBulkDelete = () => {
    if (chosen.length === 0) {
      toast.warning(t('com_ui_no_valid_items'));
      return;
    }
    setPendingDelete(chosen);
  };

  const confirmDelete = () => {
    const links = pendingDelete ?? [];
    const bulk = links.length > 1;
    remove.mutate(
      links.map((l) => ({ shareId: l.shareId, conversationId: l.conversationId })),
      {
        onSuccess: ({ failed }) => {
          if (failed > 0)
            toast.error(bulk ? t('com_ui_shared_link_bulk_delete_error') : t('com_ui_share_delete_error'));
          else
            toast.success(
              bulk ? t('com_ui_shared_link_bulk_delete_success') : t('com_ui_shared_link_delete_success'),
            );
        },
        onSettled: () => {
          setPendingDelete(null);
          setSelected((prev) => {
            const next = new Set(prev);
            for (const l of links) next.delete(l.shareId);
            return next;
          });
        },
      },
    );
  };

  const items = virtualizer.getVirtualItems();
  let content: ReactNode;
  if (query.isPending) content = <SkeletonRows />;
  else if (query.isError)
    content = (
      <div className="flex flex-col items-center gap-3 py-12 text-center">
        <p className="text-sm text-muted-foreground">{t('com_ui_shared_links_load_error')}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('com_ui_retry')}
        </Button>
      </div>
    );
  else if (rows.length === 0)
    content = (
      <p className="py-12 text-center text-sm text-muted-foreground" data-testid="shared-links-empty">
        {search ? t('com_ui_nothing_found') : t('com_nav_shared_links_empty')}
      </p>
    );
  else
    content = (
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const link = rows[item.index];
          const href = `/share/${encodeURIComponent(link.shareId)}`;
          return (
            <div
              key={item.key}
              data-testid="shared-link-row"
              className="absolute left-0 top-0 flex w-full items-center gap-3 border-b border-border/60 px-3"
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              <div className="flex items-center">
                <input
                  type="checkbox"
                  className={checkbox}
                  checked={selected.has(link.shareId)}
                  onChange={() => toggle(link.shareId)}
                  aria-label={t('com_ui_select_row', { title: link.title })}
                />
              </div>
              <div className="min-w-0 flex-1">
                <a
                  href={href}
                  target="_blank"
                  rel="noreferrer"
                  className="block truncate text-sm hover:underline"
                  data-testid="shared-link-title"
                >
                  {link.title}
                </a>
                <span className="block text-xs text-muted-foreground sm:hidden">
                  {formatShareRowDate(link.createdAt)}
                </span>
              </div>
              <div className="hidden w-28 shrink-0 text-sm text-muted-foreground sm:block">
                {formatShareRowDate(link.createdAt)}
              </div>
              <div className="flex shrink-0 items-center">
                <Tooltip content={t('com_ui_open_in_new_tab')}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noreferrer"
                    className={buttonClass({ variant: 'subtle', size: 'icon-sm' })}
                    aria-label={t('com_ui_open_in_new_tab')}
                  >
                    <ExternalLink className="size-4" />
                  </a>
                </Tooltip>
                <IconButton
                  label={t('com_ui_delete')}
                  size="icon-sm"
                  danger
                  onClick={() => setPendingDelete([link])}
                  data-testid="shared-link-delete"
                >
                  <Trash2 className="size-4" />
                </IconButton>
              </div>
            </div>
          );
        })}
      </div>
    );

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <SearchField
          value={searchInput}
          onChange={setSearchInput}
          label={t('com_ui_search_shared_links')}
          testId="shared-links-search"
        />
        <Button
          variant="outline"
          size="sm"
          className="h-9"
          disabled={chosen.length === 0}
          onClick={askBulkDelete}
          data-testid="shared-links-bulk-delete"
        >
          <Trash2 className="size-4" />
          <span className="max-sm:sr-only">
            {chosen.length > 0
              ? t('com_ui_x_selected', { count: chosen.length })
              : t('com_ui_delete_selected')}
          </span>
        </Button>
      </div>
      <div className="rounded-xl border border-border" data-testid="shared-links-table">
        <div className="flex h-10 items-center gap-3 border-b border-border bg-muted/50 px-3 text-xs font-medium text-muted-foreground">
          <div className="flex items-center">
            <input
              type="checkbox"
              className={checkbox}
              checked={allSelected}
              disabled={rows.length === 0}
              onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.shareId)))}
              aria-label={t('com_ui_select_all')}
            />
          </div>
          <SortHeader
            label={t('com_nav_shared_links_name')}
            column="title"
            sort={sort}
            onSort={onSort}
            className="min-w-0 flex-1"
          />
          <SortHeader
            label={t('com_nav_shared_links_date_shared')}
            column="createdAt"
            sort={sort}
            onSort={onSort}
            className="w-28 shrink-0 max-sm:hidden"
          />
          <div className="w-16 shrink-0">
            <span className="sr-only">{t('com_ui_delete')}</span>
          </div>
        </div>
        <div ref={scrollRef} onScroll={maybeLoadMore} className="h-[min(55vh,26rem)] overflow-y-auto">
          {content}
          {isFetchingNextPage ? (
            <div className="flex justify-center py-3">
              <Spinner className="size-4" />
            </div>
          ) : null}
        </div>
      </div>
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title={t('com_ui_delete_shared_link')}
        description={
          (pendingDelete?.length ?? 0) > 1
            ? t('com_ui_delete_shared_links_confirm', { count: pendingDelete?.length ?? 0 })
            : t('com_ui_delete_shared_link_confirm')
        }
        confirmLabel={t('com_ui_delete')}
        cancelLabel={t('com_ui_cancel')}
        closeLabel={t('com_settings_close')}
        confirmTestId="confirm-delete"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

/** The shared links manager (doc 3 §2 Dialogs, Data controls): search, sort, open, delete, bulk delete. */
export function SharedLinksDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('com_nav_shared_links')}
        closeLabel={t('com_settings_close')}
        className="max-w-2xl"
      >
        {open ? <Manager /> : null}
      </DialogContent>
    </Dialog>
  );
}
