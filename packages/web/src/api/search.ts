import { type MessageSearchResponse, paths, SEARCH_PAGE_SIZE, SEARCH_STALE_MS } from '@parley/schema';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

export const searchKeys = {
  all: ['messageSearch'] as const,
  query: (q: string) => ['messageSearch', q] as const,
};

/** GET /api/messages?search=…, keyset-paged; fresh for 30 s (doc 3 §9). */
export const messageSearchInfinite = (q: string) =>
  infiniteQueryOptions({
    queryKey: searchKeys.query(q),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MessageSearchResponse>(paths.messageSearch, {
        query: { search: q, cursor: pageParam ?? undefined, pageSize: SEARCH_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: SEARCH_STALE_MS,
    retry: false,
  });

export function useMessageSearch(q: string) {
  return useInfiniteQuery({ ...messageSearchInfinite(q), enabled: q.trim() !== '' });
}
