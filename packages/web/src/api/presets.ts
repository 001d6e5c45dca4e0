import { type Preset, paths, type SavePresetBody } from '@parley/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { useAuthedQuery } from './query-client.ts';

export const presetKeys = { all: ['presets'] as const };

/** Presets stale time (doc 3 §9). */
const PRESETS_STALE_MS = 10_000;

export function usePresets(enabled = true) {
  return useAuthedQuery({
    queryKey: presetKeys.all,
    queryFn: ({ signal }) => apiRequest<Preset[]>(paths.presets, { signal }),
    staleTime: PRESETS_STALE_MS,
    enabled,
  });
}

/** Create a preset, or update one when `presetId` is given. */
export function useSavePreset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SavePresetBody) => apiRequest<Preset>(paths.presets, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: presetKeys.all }),
  });
}

export function useDeletePreset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (presetId: string) => apiRequest<void>(paths.preset(presetId), { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: presetKeys.all }),
  });
}
