import { type PromptGroup, paths } from '@parley/schema';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { usePermission } from './permissions.ts';

/**
 * What /chat/new's first load needs of the prompts (the `/` popover's gate and its warm-up):
 * the permission and a prefetch of GET /api/prompts/all. The popover and the cards read the list
 * with api/prompts.ts's `useUsablePromptGroups` under the same key, so they open from this
 * cache; this small module keeps the library's hooks and mutations off the critical path.
 * The key is `promptKeys.usable` of api/prompts.ts, spelled here for that reason.
 */
export const promptCommandKeys = { all: ['prompts', 'usable'] as const };

/** A list fetched this recently is not fetched again on focus; a library edit invalidates it. */
const STALE_MS = 15_000;

const fetchAll = ({ signal }: { signal?: AbortSignal }) =>
  apiRequest<PromptGroup[]>(paths.promptsAll, { signal });

/** The user may use prompts (PROMPTS USE, doc 2 §6). */
export function usePromptsAllowed(): boolean {
  return usePermission('PROMPTS', 'USE');
}

/** Start loading the list before it is shown (the composer's focus); a fresh cache is kept. */
export function prefetchUsablePrompts(client: QueryClient): void {
  void client.prefetchQuery({ queryKey: promptCommandKeys.all, queryFn: fetchAll, staleTime: STALE_MS });
}
