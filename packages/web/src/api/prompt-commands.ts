import { type PromptGroup, paths } from '@parley/schema';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { usePermission } from './permissions.ts';
import { useAuthedQuery } from './query-client.ts';

/**
 * The prompts a user can use from the chat (the `/` popover and the side panel's cards):
 * GET /api/prompts/all, fetched once and filtered in memory. The key is the library's
 * (`promptKeys.usable` in api/prompts.ts), so both share one cache and the library's changes
 * (which invalidate `['prompts']`) refresh it. This small module keeps the library's hooks and
 * mutations off /chat/new's critical path, which needs only the prefetch.
 */
export const promptCommandKeys = { all: ['prompts', 'usable'] as const };

/** Fresh for a minute: the popover opens from the cache, a library edit invalidates it. */
const STALE_MS = 60_000;

const fetchAll = ({ signal }: { signal?: AbortSignal }) =>
  apiRequest<PromptGroup[]>(paths.promptsAll, { signal });

/** The user may use prompts (PROMPTS USE, doc 2 §6). */
export function usePromptsAllowed(): boolean {
  return usePermission('PROMPTS', 'USE');
}

/** Every usable prompt group, most recent first. */
export function useUsablePrompts(enabled = true) {
  return useAuthedQuery({
    queryKey: promptCommandKeys.all,
    queryFn: fetchAll,
    enabled,
    staleTime: STALE_MS,
  });
}

/** Start loading the list before it is shown (the composer's focus); a fresh cache is kept. */
export function prefetchUsablePrompts(client: QueryClient): void {
  void client.prefetchQuery({ queryKey: promptCommandKeys.all, queryFn: fetchAll, staleTime: STALE_MS });
}

/** Count a use of the group (issue 18 point 3; the library sorts and shows it). Never blocks a send. */
export function countPromptUse(groupId: string): void {
  void apiRequest(paths.promptGroupUse(groupId), { method: 'POST' }).catch(() => {});
}
