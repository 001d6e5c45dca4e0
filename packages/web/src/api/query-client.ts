import {
  type DefaultError,
  type InfiniteData,
  QueryClient,
  type QueryKey,
  type UseInfiniteQueryOptions,
  type UseQueryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { useSession } from '../store/session.ts';
import { ApiError } from './client.ts';

/** Defaults from doc 3 §9: stale 30 s, cache 5 min, fewer than 2 retries (none for 4xx). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 5 * 60_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
        return failures < 1;
      },
    },
    mutations: { retry: false },
  },
});

/** Whether there is a session (a user signed in), as a hook. */
export const useSignedIn = () => useSession((s) => s.status === 'authenticated');

/** The caller's `enabled` (a flag or a function of the query), and a session besides. */
function andSignedIn<Q>(
  signedIn: boolean,
  enabled: boolean | ((query: Q) => boolean) | undefined,
): boolean | ((query: Q) => boolean) {
  if (typeof enabled === 'function') return (query) => signedIn && enabled(query);
  return signedIn && (enabled ?? true);
}

/**
 * useQuery for a signed-in user's data: it waits for the session, so a page still loading it (or
 * signed out) never asks and gets a 401. `enabled` adds the caller's own condition.
 */
export function useAuthedQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>) {
  const signedIn = useSignedIn();
  return useQuery({ ...options, enabled: andSignedIn(signedIn, options.enabled) });
}

/** useInfiniteQuery for a signed-in user's data (see useAuthedQuery). */
export function useAuthedInfiniteQuery<
  TQueryFnData,
  TError = DefaultError,
  TData = InfiniteData<TQueryFnData>,
  TQueryKey extends QueryKey = QueryKey,
  TPageParam = unknown,
>(options: UseInfiniteQueryOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>) {
  const signedIn = useSignedIn();
  return useInfiniteQuery({ ...options, enabled: andSignedIn(signedIn, options.enabled) });
}
