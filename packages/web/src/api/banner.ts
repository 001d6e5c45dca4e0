import { type Banner, paths } from '@parley/schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { useSignedIn } from './query-client.ts';

/**
 * The current banner (doc 2 §7: refetch disabled on focus, reconnect and mount). Keyed by sign-in
 * state: signed-in users may see banners that visitors do not.
 */
export function useBanner(opts: { enabled?: boolean } = {}) {
  const signedIn = useSignedIn();
  return useQuery({
    enabled: opts.enabled ?? true,
    queryKey: ['banner', signedIn],
    queryFn: ({ signal }) => apiRequest<Banner | null>(paths.banner, { signal, auth: signedIn }),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
