import { type KeyExpiry, paths, type UpdateKeyBody } from '@parley/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from './client.ts';
import { useAuthedQuery } from './query-client.ts';

export const keyKeys = {
  all: ['keys'] as const,
  expiry: (name: string) => ['keys', name] as const,
};

/** When the user's key for `name` expires; null data when none is stored (404). */
export function useKeyExpiry(name: string | null | undefined, enabled = true) {
  return useAuthedQuery({
    queryKey: keyKeys.expiry(name ?? ''),
    queryFn: async ({ signal }): Promise<KeyExpiry | null> => {
      try {
        return await apiRequest<KeyExpiry>(paths.keys, { query: { name: name ?? '' }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: enabled && !!name,
  });
}

export function useUpdateKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateKeyBody) => apiRequest<void>(paths.keys, { method: 'PUT', body }),
    onSettled: () => client.invalidateQueries({ queryKey: keyKeys.all }),
  });
}

export function useRevokeKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest<void>(`${paths.keys}/${encodeURIComponent(name)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: keyKeys.all }),
  });
}

export function useRevokeAllKeys() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>(paths.keys, { method: 'DELETE', query: { all: true } }),
    onSettled: () => client.invalidateQueries({ queryKey: keyKeys.all }),
  });
}
