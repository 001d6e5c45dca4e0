import { BOOKMARKS_PAGE_SIZE, type ConversationTag, SAVED_TAG } from '@parley/schema';
import { ChevronLeft, ChevronRight, GripVertical, Pencil, Plus, Trash2 } from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useConversationTags, useDeleteTag, useUpdateTag } from '../../api/tags.ts';
import { SidePanel } from '../../components/side-panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';
import { cn } from '../../lib/cn.ts';
import { useBookmarkFilter } from '../../store/bookmark-filter.ts';
import { useSidePanel } from '../../store/side-panel.ts';
import { BookmarkDialog } from './lazy-bookmark-dialog.ts';
import { dropPosition, filterTags, pageCount, pageOf, stepPosition } from './reorder.ts';

/**
 * The bookmarks panel (doc 3 §2): a filterable table of tags (title, count, actions), 10 per page,
 * a new-bookmark button, rows reordered by dragging (or the arrow keys on the grip), edit and
 * delete per row. Each move saves the moved row's position (doc 3 §4).
 */
export default function BookmarksPanel({ conversationId }: { conversationId: string | null }) {
  const open = useSidePanel((s) => s.active === 'bookmarks');
  const tags = useConversationTags(open);
  const update = useUpdateTag();
  const remove = useDeleteTag();
  const followFilter = useBookmarkFilter((s) => s.replace);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [dialog, setDialog] = useState<{ bookmark: ConversationTag | null } | null>(null);
  const [confirm, setConfirm] = useState<ConversationTag | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const list = tags.data ?? [];
  const filtered = useMemo(() => filterTags(list, query), [list, query]);
  const pages = pageCount(filtered.length, BOOKMARKS_PAGE_SIZE);
  const current = Math.min(page, pages - 1);
  const rows = pageOf(filtered, current, BOOKMARKS_PAGE_SIZE);

  if (!open) return null;

  const move = (tag: string, position: number | null) => {
    if (position === null) return;
    setAnnouncement(t('com_ui_bookmarks_moved', { tag, position: position + 1 }));
    update.mutate(
      { tag, body: { position } },
      { onError: () => toast.error(t('com_ui_bookmarks_update_error')) },
    );
  };
  const onDrop = (event: DragEvent, target: string) => {
    event.preventDefault();
    const tag = dragged ?? event.dataTransfer.getData('text/plain');
    setDragged(null);
    setOver(null);
    if (tag) move(tag, dropPosition(list, tag, target));
  };
  const onGripKey = (event: KeyboardEvent, tag: string) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    move(tag, stepPosition(list, tag, event.key === 'ArrowUp' ? -1 : 1));
  };
  const onDelete = async (bookmark: ConversationTag) => {
    try {
      await remove.mutateAsync(bookmark.tag);
      followFilter(bookmark.tag, null);
      toast.success(t('com_ui_bookmarks_delete_success'));
      setConfirm(null);
    } catch {
      toast.error(t('com_ui_bookmarks_delete_error'));
    }
  };

  return (
    <SidePanel title={t('com_ui_bookmarks')}>
      <div className="flex flex-col gap-3" data-testid="bookmarks-panel">
        <div className="flex flex-wrap items-center gap-2">
          <div className="min-w-[10rem] flex-1">
            <SearchField
              value={query}
              onChange={(value) => {
                setQuery(value);
                setPage(0);
              }}
              label={t('com_ui_bookmarks_filter')}
              testId="bookmarks-filter"
            />
          </div>
          <Button
            variant="secondary"
            size="sm"
            className="h-9 flex-1 rounded-xl"
            onClick={() => setDialog({ bookmark: null })}
            data-testid="bookmarks-new"
          >
            <Plus className="size-4" />
            {t('com_ui_bookmarks_new')}
          </Button>
        </div>

        <div className="overflow-hidden rounded-xl border border-border">
          <div className="flex items-center gap-2 border-b border-border bg-muted/60 px-2 py-2 text-xs font-medium text-muted-foreground">
            <span className="w-6" aria-hidden />
            <span className="min-w-0 flex-1">{t('com_ui_bookmarks_title')}</span>
            <span className="w-8 text-right">{t('com_ui_bookmarks_count')}</span>
            <span className="sr-only">{t('com_ui_bookmarks_actions')}</span>
            <span className="w-14" aria-hidden />
          </div>
          {tags.isPending ? (
            <div className="flex justify-center py-6">
              <Spinner className="size-5" />
            </div>
          ) : rows.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-muted-foreground">
              {list.length === 0 ? t('com_ui_bookmarks_empty') : t('com_ui_bookmarks_no_match')}
            </p>
          ) : (
            <ul aria-label={t('com_ui_bookmarks')}>
              {rows.map((row) => (
                <li
                  key={row.tag}
                  draggable
                  onDragStart={(e) => {
                    setDragged(row.tag);
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', row.tag);
                  }}
                  onDragEnd={() => {
                    setDragged(null);
                    setOver(null);
                  }}
                  onDragOver={(e) => {
                    e.preventDefault();
                    e.dataTransfer.dropEffect = 'move';
                    if (over !== row.tag) setOver(row.tag);
                  }}
                  onDragLeave={() => setOver((o) => (o === row.tag ? null : o))}
                  onDrop={(e) => onDrop(e, row.tag)}
                  data-testid="bookmark-row"
                  data-tag={row.tag}
                  className={cn(
                    'flex items-center gap-1.5 border-b border-border/60 px-2 py-1.5 text-sm last:border-b-0',
                    dragged === row.tag && 'opacity-40',
                    over === row.tag && dragged !== row.tag && 'bg-accent',
                  )}
                >
                  {/* A drag handle, moved with the arrow keys too: not a button that does one thing on click. */}
                  <button
                    type="button"
                    className="inline-flex size-6 shrink-0 cursor-grab items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing"
                    aria-label={t('com_ui_bookmarks_drag', { tag: row.tag })}
                    title={t('com_ui_bookmarks_drag', { tag: row.tag })}
                    onKeyDown={(e) => onGripKey(e, row.tag)}
                    data-testid="bookmark-grip"
                  >
                    <GripVertical className="size-4" />
                  </button>
                  <span className="min-w-0 flex-1">
                    <span className="block break-words font-medium" data-testid="bookmark-row-tag">
                      {row.tag}
                    </span>
                    {row.description ? (
                      <span className="line-clamp-2 block break-words text-xs text-muted-foreground">
                        {row.description}
                      </span>
                    ) : null}
                  </span>
                  <span
                    className="w-8 text-right tabular-nums text-muted-foreground"
                    data-testid="bookmark-count"
                  >
                    {row.count}
                  </span>
                  <span className="flex w-14 justify-end">
                    <IconButton
                      label={`${t('com_ui_bookmarks_edit')}: ${row.tag}`}
                      tooltip={t('com_ui_bookmarks_edit')}
                      size="icon-xs"
                      onClick={() => setDialog({ bookmark: row })}
                      data-testid="bookmark-edit"
                    >
                      <Pencil className="size-4" />
                    </IconButton>
                    <IconButton
                      label={`${t('com_ui_bookmarks_delete')}: ${row.tag}`}
                      tooltip={t('com_ui_bookmarks_delete')}
                      size="icon-xs"
                      danger
                      disabled={row.tag === SAVED_TAG}
                      onClick={() => setConfirm(row)}
                      data-testid="bookmark-delete"
                    >
                      <Trash2 className="size-4" />
                    </IconButton>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>

        {pages > 1 ? (
          <div className="flex items-center justify-between text-xs text-muted-foreground">
            <IconButton
              label={t('com_ui_bookmarks_prev')}
              size="icon-sm"
              onClick={() => setPage(current - 1)}
              disabled={current === 0}
              data-testid="bookmarks-prev"
            >
              <ChevronLeft className="size-4" />
            </IconButton>
            <span data-testid="bookmarks-page">
              {t('com_ui_bookmarks_page', { page: current + 1, total: pages })}
            </span>
            <IconButton
              label={t('com_ui_bookmarks_next')}
              size="icon-sm"
              onClick={() => setPage(current + 1)}
              disabled={current >= pages - 1}
              data-testid="bookmarks-next"
            >
              <ChevronRight className="size-4" />
            </IconButton>
          </div>
        ) : null}
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
      </div>

      <BookmarkDialog
        open={dialog !== null}
        onOpenChange={(next) => {
          if (!next) setDialog(null);
        }}
        bookmark={dialog?.bookmark ?? null}
        conversationId={conversationId}
        onSaved={(saved, previous) => {
          if (previous && previous !== saved.tag) followFilter(previous, saved.tag);
        }}
      />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(next) => {
          if (!next) setConfirm(null);
        }}
        title={t('com_ui_bookmarks_delete')}
        description={t('com_ui_bookmarks_delete_confirm', { tag: confirm?.tag ?? '' })}
        confirmLabel={t('com_ui_bookmarks_delete')}
        cancelLabel={t('com_ui_cancel')}
        closeLabel={t('com_settings_close')}
        pending={remove.isPending}
        onConfirm={() => confirm && void onDelete(confirm)}
        confirmTestId="bookmark-delete-confirm"
      />
    </SidePanel>
  );
}
