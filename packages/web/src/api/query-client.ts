import { QueryClient } from '@tanstack/react-query';
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
