import { FILES_PANEL_PAGE_SIZE, type FileListQuery, type FileObject } from '@parley/schema';
import { useState } from 'react';
import { useFilesPage } from '../../api/files.ts';
import { useDebounced } from '../../lib/use-debounced.ts';

export type FileSort = Pick<FileListQuery, 'sortBy' | 'sortDirection'>;

/**
 * A table's view of the user's files: a filename filter, a sort, and pages walked by keyset
 * cursor (previous pages are the cursors already seen). Changing the filter or sort starts over
 * at page 1. Only one page is held: a user with thousands of files costs the same.
 */
export function useFilesTable({ pageSize = FILES_PANEL_PAGE_SIZE, enabled = true } = {}) {
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<FileSort>({ sortBy: 'createdAt', sortDirection: 'desc' });
  const search = useDebounced(filter.trim(), 300);
  const view = `${search}\u0000${sort.sortBy}\u0000${sort.sortDirection}`;
  const [pages, setPages] = useState<{ view: string; cursors: (string | null)[] }>({ view, cursors: [null] });
  const cursors = pages.view === view ? pages.cursors : [null];
  const cursor = cursors[cursors.length - 1] ?? null;
  const query = useFilesPage(
    {
      limit: pageSize,
      sortBy: sort.sortBy,
      sortDirection: sort.sortDirection,
      ...(search ? { search } : {}),
      ...(cursor ? { cursor } : {}),
    },
    enabled,
  );
  const files: FileObject[] = query.data?.files ?? [];
  const nextCursor = query.data?.nextCursor ?? null;
  return {
    filter,
    setFilter,
    sort,
    /** A column header: the same column flips the direction, another starts ascending by name, newest first by date. */
    sortOn: (sortBy: FileSort['sortBy']) =>
      setSort((s) =>
        s.sortBy === sortBy
          ? { sortBy, sortDirection: s.sortDirection === 'asc' ? 'desc' : 'asc' }
          : { sortBy, sortDirection: sortBy === 'filename' ? 'asc' : 'desc' },
      ),
    files,
    page: cursors.length,
    hasPrevious: cursors.length > 1,
    hasNext: nextCursor !== null && !query.isPlaceholderData,
    previous: () => setPages({ view, cursors: cursors.slice(0, -1) }),
    next: () => {
      if (nextCursor) setPages({ view, cursors: [...cursors, nextCursor] });
    },
    loading: query.isPending,
    error: query.isError,
  };
}
