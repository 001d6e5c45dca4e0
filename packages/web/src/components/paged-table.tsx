import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * The parts the managers' tables share (archived chats, shared links; doc 3 §9): a virtualized,
 * keyset-paged list that loads more near its end, sortable columns and a row selection. Each
 * table keeps its own layout, texts and test ids.
 */

export type TableSort<K extends string> = { sortBy: K; sortDirection: 'asc' | 'desc' };

/** A click on the sorted column flips it; a new column starts A→Z for titles, newest first otherwise. */
export function useTableSort<K extends string>(initial: TableSort<K>) {
  const [sort, setSort] = useState(initial);
  const toggleSort = useCallback(
    (key: K) =>
      setSort((s) =>
        s.sortBy === key
          ? { sortBy: key, sortDirection: s.sortDirection === 'asc' ? 'desc' : 'asc' }
          : { sortBy: key, sortDirection: key === 'title' ? 'asc' : 'desc' },
      ),
    [],
  );
  return [sort, toggleSort] as const;
}

/** The direction arrow of the sorted column; nothing on the others. */
export function SortArrow<K extends string>({ sort, column }: { sort: TableSort<K>; column: K }) {
  if (sort.sortBy !== column) return null;
  return sort.sortDirection === 'asc' ? <ArrowUp className="size-3.5" /> : <ArrowDown className="size-3.5" />;
}

/** A column header that sorts by its column; the sorted one shows its arrow and reads brighter. */
export function SortButton<K extends string>({
  label,
  column,
  sort,
  onSort,
  ariaLabel,
  testId,
  className,
}: {
  label: string;
  column: K;
  sort: TableSort<K>;
  onSort: (column: K) => void;
  ariaLabel: string;
  testId: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={() => onSort(column)}
      className={cn(
        'inline-flex items-center gap-1 rounded-md hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        sort.sortBy === column && 'text-foreground',
        className,
      )}
      aria-label={ariaLabel}
      data-testid={testId}
    >
      {label}
      <SortArrow sort={sort} column={column} />
    </button>
  );
}

/** Checked row ids, with a toggle for one row. */
export function useRowSelection() {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const toggle = useCallback(
    (id: string) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  return { selected, setSelected, toggle };
}

/** Load the next page once the viewport is within 1.5 viewport heights of the end (doc 3 §9). */
export function shouldLoadMore(scrollTop: number, viewport: number, total: number): boolean {
  return total - (scrollTop + viewport) <= viewport * 1.5;
}

/**
 * Virtual rows over the loaded pages of an infinite query. `maybeLoadMore` goes on the scroll
 * element's onScroll; it also runs whenever rows arrive, so a first page that does not fill the
 * viewport asks for the next one at once.
 */
export function usePagedRows<T>({
  rows,
  rowKey,
  estimateSize,
  overscan,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  rows: readonly T[];
  rowKey: (row: T) => string;
  estimateSize: number;
  overscan: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: (i) => (rows[i] === undefined ? i : rowKey(rows[i])),
    overscan,
  });

  const maybeLoadMore = useCallback(() => {
    const el = scrollRef.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    if (shouldLoadMore(el.scrollTop, el.clientHeight, el.scrollHeight)) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check whenever rows arrive
  useEffect(() => maybeLoadMore(), [rows.length, maybeLoadMore]);

  return { scrollRef, virtualizer, maybeLoadMore };
}
