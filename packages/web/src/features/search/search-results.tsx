import { type MessageSearchHit, searchTerms } from '@parley/schema';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Archive, SearchX } from 'lucide-react';
import { memo, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useMessageSearch } from '../../api/search.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';
import { excerpt, highlightParts } from './highlight.ts';
import { useSearchState } from './store.ts';

/** Rows are measured after render; this is only the first guess. */
const ESTIMATED_ROW = 124;
/** Load the next page when the last rendered row is this close to the end. */
const LOAD_WITHIN_ROWS = 5;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Matched words in <mark>, built as React nodes (never as HTML). */
function Highlighted({ text, terms }: { text: string; terms: string[] }): ReactNode {
  // Keyed by offset in the text: parts never reorder.
  let at = 0;
  return highlightParts(text, terms).map((part) => {
    const key = at;
    at += part.text.length;
    return part.match ? (
      <mark
        key={key}
        data-testid="search-mark"
        className="rounded-sm bg-amber-200/70 px-px text-inherit dark:bg-amber-400/30"
      >
        {part.text}
      </mark>
    ) : (
      <span key={key}>{part.text}</span>
    );
  });
}

const HitCard = memo(function HitCard({
  hit,
  terms,
  onOpen,
}: {
  hit: MessageSearchHit;
  terms: string[];
  onOpen?: () => void;
}) {
  const text = useMemo(() => excerpt(hit.text, terms), [hit.text, terms]);
  return (
    <Link
      to={`/chat/${encodeURIComponent(hit.conversationId)}`}
      state={{ highlightMessageId: hit.messageId }}
      onClick={onOpen}
      data-testid="search-hit"
      data-message-id={hit.messageId}
      className="block rounded-xl border border-border bg-background px-4 py-3 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm font-medium" data-testid="search-hit-title">
          <Highlighted text={hit.title} terms={terms} />
        </span>
        {hit.isArchived ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-md bg-muted px-1.5 py-0.5 text-[11px] text-muted-foreground">
            <Archive className="size-3" aria-hidden />
            {t('com_ui_archived')}
          </span>
        ) : null}
        <time
          className="shrink-0 text-xs text-muted-foreground"
          dateTime={new Date(hit.createdAt).toISOString()}
        >
          {dateFormat.format(hit.createdAt)}
        </time>
      </div>
      <div className="mt-1 text-xs font-medium text-muted-foreground">
        {hit.isCreatedByUser ? t('com_ui_search_you') : hit.sender}
      </div>
      <p
        className="mt-1 line-clamp-4 break-words text-sm leading-6 text-foreground/90"
        data-testid="search-hit-text"
      >
        {text ? <Highlighted text={text} terms={terms} /> : null}
      </p>
    </Link>
  );
});

/**
 * The search screen body (doc 3 §2 "Search screen"): a spinner while typing or loading, 'nothing
 * found' when empty, otherwise a virtualized list of hits that loads more pages on scroll.
 */
export function SearchResults({ query, onOpen }: { query: string; onOpen?: () => void }) {
  const typing = useSearchState((s) => s.typing);
  const search = useMessageSearch(query);
  const terms = useMemo(() => searchTerms(query), [query]);
  const hits = useMemo(() => search.data?.pages.flatMap((p) => p.messages) ?? [], [search.data]);
  const scrollRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (search.isError) toast.error(t('com_ui_search_error'), { id: 'search-error' });
  }, [search.isError]);

  const virtualizer = useVirtualizer({
    count: hits.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW,
    overscan: 6,
    gap: 12,
    getItemKey: (i) => hits[i]?.messageId ?? i,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  useEffect(() => {
    if (lastIndex >= hits.length - LOAD_WITHIN_ROWS && hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  }, [lastIndex, hits.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const loading =
    typing ||
    (search.isPending && query.trim() !== '') ||
    (search.isFetching && !search.isFetchingNextPage && hits.length === 0);
  if (loading) {
    return (
      <div className="flex flex-1 items-center justify-center py-16" data-testid="search-loading">
        <Spinner className="size-6" label={t('com_ui_searching')} />
      </div>
    );
  }
  if (hits.length === 0) {
    return (
      <div
        className="flex flex-1 flex-col items-center justify-center gap-2 px-6 py-16 text-center"
        data-testid="search-empty"
      >
        <SearchX className="size-10 text-muted-foreground" strokeWidth={1.5} aria-hidden />
        <p className="text-base font-medium">{t('com_ui_nothing_found')}</p>
        {query.trim() && !search.isError ? (
          <p className="max-w-sm text-sm text-muted-foreground">
            {t('com_ui_nothing_found_hint', { query: query.trim() })}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div
      ref={scrollRef}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain bg-background"
      data-testid="search-scroll"
    >
      <div className="mx-auto w-full max-w-3xl px-3 py-4 sm:px-6">
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const hit = hits[item.index];
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="absolute left-0 top-0 w-full"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <HitCard hit={hit} terms={terms} onOpen={onOpen} />
              </div>
            );
          })}
        </div>
        {isFetchingNextPage ? (
          <div className="flex justify-center py-4">
            <Spinner />
          </div>
        ) : null}
      </div>
    </div>
  );
}
