import {
  SIDEBAR_LOAD_DEBOUNCE_MS,
  SIDEBAR_LOAD_WITHIN_ROWS,
  SIDEBAR_OVERSCAN,
  SIDEBAR_ROW_HEIGHT,
  SIDEBAR_ROW_HEIGHT_SMALL,
} from '@parley/schema';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useConvosInfinite } from '../../api/convos.ts';
import { useBookmarksAllowed } from '../../api/tags.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';
import { useIsSmallScreen } from '../../lib/use-media-query.ts';
import { useBookmarkFilter } from '../../store/bookmark-filter.ts';
import { ConvoRow } from './convo-row.tsx';
import { toConvoRows } from './convo-rows.ts';
import { useConvoRowActions } from './use-convo-row-actions.tsx';

const HEADER_HEIGHT = 44;
const NO_TAGS: string[] = [];
const FIRST_HEADER_HEIGHT = 32;

function useToday(): Date {
  // Regroup when the day changes (Today becomes Yesterday).
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 5 * 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The conversation list: date groups, infinite loading within 8 rows of the end (debounced
 * 300 ms), virtualized with 34 px rows (44 px on small screens) and an overscan of 10 (doc 3 §9).
 */
export function ConvoList({
  currentId,
  onNavigate,
  onNewChat,
  onShare,
}: {
  currentId: string | null;
  onNavigate?: () => void;
  /** Starts a new chat at /chat/new (after archiving or deleting the open conversation). */
  onNewChat?: () => void;
  /** A row's Share action; absent when sharing is off. */
  onShare?: (conversationId: string) => void;
}) {
  // The sidebar bookmark filter narrows the list (doc 1 §2).
  const bookmarksAllowed = useBookmarksAllowed();
  const chosenTags = useBookmarkFilter((s) => s.tags);
  const filterTags = bookmarksAllowed ? chosenTags : NO_TAGS;
  const query = useConvosInfinite(filterTags);
  const rowActions = useConvoRowActions({ currentId, onNewChat, onNavigate, onShare });
  const small = useIsSmallScreen();
  const rowHeight = small ? SIDEBAR_ROW_HEIGHT_SMALL : SIDEBAR_ROW_HEIGHT;
  const today = useToday();
  const conversations = useMemo(
    () => query.data?.pages.flatMap((p) => p.conversations).filter((c) => !c.isArchived) ?? [],
    [query.data],
  );
  const rows = useMemo(() => toConvoRows(conversations, today), [conversations, today]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const count = rows.length + (hasNextPage ? 1 : 0);

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => {
      const row = rows[i];
      if (!row) return rowHeight;
      if (row.kind === 'header') return row.first ? FIRST_HEADER_HEIGHT : HEADER_HEIGHT;
      return rowHeight;
    },
    getItemKey: (i) => rows[i]?.key ?? '__loader',
    overscan: SIDEBAR_OVERSCAN,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: row height changes with the screen size
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight]);

  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? items[items.length - 1].index : -1;
  const nearEnd = lastIndex >= rows.length - SIDEBAR_LOAD_WITHIN_ROWS;

  useEffect(() => {
    if (!nearEnd || !hasNextPage || isFetchingNextPage) return;
    const timer = setTimeout(() => void fetchNextPage(), SIDEBAR_LOAD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [nearEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) {
    return (
      <div className="space-y-2 px-3 pt-4" aria-hidden>
        {[68, 52, 80, 60, 44, 72].map((w) => (
          <div key={w} className="h-4 animate-pulse rounded bg-sidebar-accent" style={{ width: `${w}%` }} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <p className="px-4 pt-4 text-sm text-muted-foreground">{t('com_ui_convo_list_error')}</p>;
  }
  if (rows.length === 0) {
    return (
      <>
        <p className="px-4 pt-4 text-sm text-muted-foreground" data-testid="convo-list-empty">
          {filterTags.length ? t('com_ui_bookmarks_filter_none') : t('com_ui_no_conversations')}
        </p>
        {rowActions.dialog}
      </>
    );
  }

  return (
    <div ref={scrollRef} className="h-full overflow-y-auto bg-sidebar px-2 pb-2" data-testid="convo-list">
      <ul
        aria-label={t('com_ui_conversations')}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const row = rows[item.index];
          return (
            <li
              key={item.key}
              className="absolute left-0 top-0 w-full"
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              {!row ? (
                <div className="flex h-full items-center justify-center">
                  <Spinner className="size-4" label={t('com_ui_loading_more')} />
                </div>
              ) : row.kind === 'header' ? (
                <h2 className="flex h-full items-end px-2.5 pb-1.5 text-xs font-medium text-muted-foreground">
                  {row.label}
                </h2>
              ) : (
                <ConvoRow
                  id={row.convo.conversationId}
                  title={row.convo.title || t('com_ui_new_chat')}
                  current={row.convo.conversationId === currentId}
                  height={rowHeight}
                  small={small}
                  actions={rowActions.actions}
                  onNavigate={onNavigate}
                />
              )}
            </li>
          );
        })}
      </ul>
      {rowActions.dialog}
    </div>
  );
}
