import {
  ARCHIVED_OVERSCAN,
  ARCHIVED_ROW_ESTIMATE,
  ARCHIVED_SKELETON_ROWS,
  CONVO_DELETE_MAX,
  type Conversation,
  type ConvoSortKey,
  TABLE_SEARCH_DEBOUNCE_MS,
} from '@parley/schema';
import { ArchiveRestore, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useMatch } from 'react-router';
import { toast } from 'sonner';
import { useArchiveConvo, useArchivedInfinite, useDeleteConvos } from '../../api/convo-actions.ts';
import { DeleteConvoConfirm } from '../../components/delete-convo-confirm.tsx';
import { SortButton, usePagedRows, useRowSelection, useTableSort } from '../../components/paged-table.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { t } from '../../i18n/t.ts';
import { cn } from '../../lib/cn.ts';
import { useDebounced } from '../../lib/use-debounced.ts';

const GRID =
  'grid grid-cols-[1.75rem_minmax(0,1fr)_5.5rem_4.25rem] items-center gap-2 px-2 sm:grid-cols-[2rem_minmax(0,1fr)_7.5rem_4.5rem]';

const SKELETON_KEYS = Array.from({ length: ARCHIVED_SKELETON_ROWS }, (_, i) => i);

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

type PendingDelete = { ids: string[]; title?: string };

/**
 * The archived chats manager (doc 3 §2 Dialogs, §7, §9): a virtualized table (rows ~48 px,
 * overscan 10, next page within 1.5 viewport heights, 13 skeleton rows), title search debounced
 * 300 ms, sort by name or date (createdAt descending by default), unarchive, delete, open in a new
 * tab, and bulk delete with a confirmation.
 */
export function ArchivedChatsDialog({
  open,
  onOpenChange,
  onNewChat,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onNewChat?: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('com_nav_archived_chats')}
        closeLabel={t('com_settings_close')}
        className="sm:max-w-3xl"
      >
        {open ? <ArchivedTable onNewChat={onNewChat} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ArchivedTable({ onNewChat }: { onNewChat?: () => void }) {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput, TABLE_SEARCH_DEBOUNCE_MS);
  const [sort, toggleSort] = useTableSort<ConvoSortKey>({ sortBy: 'createdAt', sortDirection: 'desc' });
  const filters = useMemo(() => ({ search, ...sort }), [search, sort]);
  const query = useArchivedInfinite(filters, true);
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.conversations) ?? [], [query.data]);
  const { selected, setSelected, toggle: toggleOne } = useRowSelection();
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const unarchive = useArchiveConvo();
  const remove = useDeleteConvos();
  const openId = useMatch('/chat/:conversationId')?.params.conversationId ?? null;

  // A selection only holds rows still listed.
  useEffect(() => {
    setSelected((prev) => {
      const listed = new Set(rows.map((r) => r.conversationId));
      const next = new Set([...prev].filter((id) => listed.has(id)));
      return next.size === prev.size ? prev : next;
    });
  }, [rows, setSelected]);

  const { scrollRef, virtualizer, maybeLoadMore } = usePagedRows({
    rows,
    rowKey: (c) => c.conversationId,
    estimateSize: ARCHIVED_ROW_ESTIMATE,
    overscan: ARCHIVED_OVERSCAN,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
  });

  const allSelected = rows.length > 0 && selected.size === rows.length;
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.conversationId)));

  const doUnarchive = (c: Conversation) =>
    unarchive
      .mutateAsync({ conversationId: c.conversationId, isArchived: false })
      .catch(() => toast.error(t('com_ui_unarchive_error')));

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    const { ids } = pendingDelete;
    setPendingDelete(null);
    if (openId && ids.includes(openId)) onNewChat?.();
    try {
      for (let i = 0; i < ids.length; i += CONVO_DELETE_MAX) {
        await remove.mutateAsync(ids.slice(i, i + CONVO_DELETE_MAX));
      }
    } catch {
      toast.error(t('com_ui_archive_delete_error'));
    }
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div data-testid="archived-dialog">
      <div className="flex flex-wrap items-center gap-2">
        <SearchField
          value={searchInput}
          onChange={setSearchInput}
          label={t('com_ui_search_archived')}
          testId="archived-search"
        />
        {selected.size > 0 ? (
          <Button
            variant="destructive"
            size="sm"
            onClick={() => setPendingDelete({ ids: [...selected] })}
            data-testid="archived-bulk-delete"
          >
            <Trash2 className="size-4" />
            {t('com_ui_delete_selected_count', { count: selected.size })}
          </Button>
        ) : null}
      </div>

      <div className="mt-3 overflow-hidden rounded-xl border border-border">
        <div
          className={cn(
            GRID,
            'h-10 border-b border-border bg-muted/60 text-xs font-medium text-muted-foreground',
          )}
        >
          <span className="flex justify-center">
            <input
              type="checkbox"
              checked={allSelected}
              disabled={rows.length === 0}
              onChange={toggleAll}
              aria-label={t('com_ui_select_all')}
              data-testid="archived-select-all"
              className="size-4 accent-primary"
            />
          </span>
          <span>
            <SortButton
              label={t('com_ui_name')}
              column="title"
              sort={sort}
              onSort={toggleSort}
              ariaLabel={t('com_ui_sort_by', { column: t('com_ui_name') })}
              testId="archived-sort-title"
            />
          </span>
          <span>
            <SortButton
              label={t('com_ui_date')}
              column="createdAt"
              sort={sort}
              onSort={toggleSort}
              ariaLabel={t('com_ui_sort_by', { column: t('com_ui_date') })}
              testId="archived-sort-date"
            />
          </span>
          <span className="sr-only">{t('com_ui_more_options')}</span>
        </div>

        <div
          ref={scrollRef}
          onScroll={maybeLoadMore}
          className="h-[min(55vh,480px)] overflow-y-auto"
          data-testid="archived-scroll"
        >
          {query.isPending ? (
            <div aria-hidden>
              {SKELETON_KEYS.map((i) => (
                <div key={`s${i}`} className={cn(GRID, 'h-12 border-b border-border/60')}>
                  <span />
                  <span
                    className="h-3.5 animate-pulse rounded bg-muted"
                    style={{ width: `${50 + ((i * 17) % 40)}%` }}
                  />
                  <span className="h-3.5 w-20 animate-pulse rounded bg-muted" />
                  <span />
                </div>
              ))}
            </div>
          ) : rows.length === 0 ? (
            <p className="px-4 py-10 text-center text-sm text-muted-foreground" data-testid="archived-empty">
              {search.trim() ? t('com_nav_archived_chats_no_match') : t('com_nav_archived_chats_empty')}
            </p>
          ) : (
            <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
              {items.map((item) => {
                const c = rows[item.index];
                return (
                  <div
                    key={item.key}
                    data-testid="archived-row"
                    data-convo-id={c.conversationId}
                    data-index={item.index}
                    ref={virtualizer.measureElement}
                    className={cn(
                      GRID,
                      'absolute left-0 top-0 h-12 w-full border-b border-border/60 text-sm hover:bg-muted/40',
                      selected.has(c.conversationId) && 'bg-muted/60',
                    )}
                    style={{ transform: `translateY(${item.start}px)` }}
                  >
                    <span className="flex justify-center">
                      <input
                        type="checkbox"
                        checked={selected.has(c.conversationId)}
                        onChange={() => toggleOne(c.conversationId)}
                        aria-label={t('com_ui_select_row', { title: c.title })}
                        className="size-4 accent-primary"
                      />
                    </span>
                    <span className="min-w-0">
                      <Tooltip content={t('com_ui_open_new_tab')}>
                        <a
                          href={`/chat/${encodeURIComponent(c.conversationId)}`}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="block truncate rounded hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                          data-testid="archived-title"
                        >
                          {c.title || t('com_ui_new_chat')}
                        </a>
                      </Tooltip>
                    </span>
                    <span className="truncate text-xs text-muted-foreground sm:text-sm">
                      {dateFormat.format(c.createdAt)}
                    </span>
                    <span className="flex justify-end gap-0.5">
                      <IconButton
                        label={t('com_ui_unarchive')}
                        size="icon-sm"
                        onClick={() => void doUnarchive(c)}
                        data-testid="archived-unarchive"
                      >
                        <ArchiveRestore className="size-4" />
                      </IconButton>
                      <IconButton
                        label={t('com_ui_delete')}
                        size="icon-sm"
                        danger
                        onClick={() => setPendingDelete({ ids: [c.conversationId], title: c.title })}
                        data-testid="archived-delete"
                      >
                        <Trash2 className="size-4" />
                      </IconButton>
                    </span>
                  </div>
                );
              })}
            </div>
          )}
        </div>
      </div>

      <DeleteConvoConfirm
        target={
          pendingDelete === null
            ? null
            : pendingDelete.ids.length > 1
              ? { count: pendingDelete.ids.length }
              : { title: pendingDelete.title ?? '' }
        }
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => void confirmDelete()}
        testId="archived-delete-dialog"
      />
    </div>
  );
}
