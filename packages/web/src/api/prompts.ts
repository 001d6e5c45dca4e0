import {
  type Prompt,
  type PromptAddBody,
  type PromptCategoryList,
  type PromptCreateBody,
  type PromptCreateResult,
  type PromptDeleteResult,
  type PromptExportFile,
  type PromptGroup,
  type PromptGroupList,
  type PromptGroupUpdateBody,
  type PromptImportResult,
  type PromptShares,
  paths,
} from '@parley/schema';
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { useAuthedInfiniteQuery, useAuthedQuery } from './query-client.ts';

/**
 * The prompt library's API (issue 18): the one place that spells the /api/prompts paths. The
 * library pages, the composer's `/` popover, the prompt cards and the side panel all use these.
 */
export const promptKeys = {
  all: ['prompts'] as const,
  groups: ['prompts', 'groups'] as const,
  groupList: (q: PromptGroupsQuery) => ['prompts', 'groups', 'list', q] as const,
  groupPages: (q: PromptGroupsQuery) => ['prompts', 'groups', 'pages', q] as const,
  group: (id: string) => ['prompts', 'group', id] as const,
  versions: (groupId: string) => ['prompts', 'versions', groupId] as const,
  /** Every usable group (the `/` popover's source). */
  usable: ['prompts', 'usable'] as const,
  categories: ['prompts', 'categories'] as const,
  shares: (groupId: string) => ['prompts', 'shares', groupId] as const,
};

const PROMPTS_STALE_MS = 15_000;

/** GET /api/prompts/groups's query as the web sends it (the schema's coerces strings). */
export type PromptGroupsQuery = {
  pageSize?: number;
  pageNumber?: number;
  cursor?: string;
  name?: string;
  category?: string;
};

// ── Reads ──────────────────────────────────────────────────────────────────────────────────────

export function fetchPromptGroups(q: PromptGroupsQuery, signal?: AbortSignal) {
  return apiRequest<PromptGroupList>(paths.promptGroups, { query: q, signal });
}

/** One page of the groups the user may see (the library's list: name search, category, cursor). */
export function usePromptGroupsPage(q: PromptGroupsQuery, enabled = true) {
  return useAuthedQuery({
    queryKey: promptKeys.groupList(q),
    queryFn: ({ signal }) => fetchPromptGroups(q, signal),
    placeholderData: keepPreviousData,
    staleTime: PROMPTS_STALE_MS,
    enabled,
  });
}

/** The same list page after page (cursor `after`), for lists that load more as they scroll. */
export function usePromptGroupsInfinite(q: Omit<PromptGroupsQuery, 'cursor'>, enabled = true) {
  return useAuthedInfiniteQuery({
    queryKey: promptKeys.groupPages(q),
    queryFn: ({ pageParam, signal }) =>
      fetchPromptGroups({ ...q, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.after,
    staleTime: PROMPTS_STALE_MS,
    enabled,
  });
}

/** GET /api/prompts/all: every group the user may use (bounded by the server). */
export function useUsablePromptGroups(enabled = true) {
  return useAuthedQuery({
    queryKey: promptKeys.usable,
    queryFn: ({ signal }) => apiRequest<PromptGroup[]>(paths.promptsAll, { signal }),
    staleTime: PROMPTS_STALE_MS,
    enabled,
  });
}

/** One group; a group the user may not see answers 404 (the 'not shared' page). */
export function usePromptGroup(id: string | null | undefined) {
  return useAuthedQuery({
    queryKey: promptKeys.group(id ?? ''),
    queryFn: ({ signal }) => apiRequest<PromptGroup>(paths.promptGroup(id!), { signal }),
    staleTime: PROMPTS_STALE_MS,
    enabled: Boolean(id),
  });
}

/** A group's versions, newest first. */
export function usePromptVersions(groupId: string | null | undefined, enabled = true) {
  return useAuthedQuery({
    queryKey: promptKeys.versions(groupId ?? ''),
    queryFn: ({ signal }) => apiRequest<Prompt[]>(paths.prompts, { query: { groupId: groupId! }, signal }),
    staleTime: PROMPTS_STALE_MS,
    enabled: enabled && Boolean(groupId),
  });
}

/** GET /api/categories: label/value pairs (the label a text key, `com_ui_<value>`). */
export function usePromptCategories(enabled = true) {
  return useAuthedQuery({
    queryKey: promptKeys.categories,
    queryFn: ({ signal }) => apiRequest<PromptCategoryList>(paths.categories, { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** The chosen users a group is shared with (its author or an ADMIN). */
export function usePromptShares(groupId: string | null | undefined, enabled = true) {
  return useAuthedQuery({
    queryKey: promptKeys.shares(groupId ?? ''),
    queryFn: ({ signal }) => apiRequest<PromptShares>(paths.promptGroupShares(groupId!), { signal }),
    enabled: enabled && Boolean(groupId),
  });
}

// ── Cache helpers ──────────────────────────────────────────────────────────────────────────────

type GroupPatch = Partial<PromptGroup> & { _id: string };

/** Write a changed group into every cached place that shows it (detail, list pages, usable list). */
export function patchCachedGroup(client: QueryClient, patch: GroupPatch): void {
  const merge = (g: PromptGroup) => (g._id === patch._id ? { ...g, ...patch } : g);
  client.setQueryData<PromptGroup>(promptKeys.group(patch._id), (g) => (g ? { ...g, ...patch } : g));
  client.setQueriesData<PromptGroupList>({ queryKey: [...promptKeys.groups, 'list'] }, (list) =>
    list ? { ...list, promptGroups: list.promptGroups.map(merge) } : list,
  );
  client.setQueriesData<InfiniteData<PromptGroupList>>(
    { queryKey: [...promptKeys.groups, 'pages'] },
    (data) =>
      data
        ? { ...data, pages: data.pages.map((p) => ({ ...p, promptGroups: p.promptGroups.map(merge) })) }
        : data,
  );
  client.setQueryData<PromptGroup[]>(promptKeys.usable, (all) => all?.map(merge));
}

/** Drop a deleted group from every cached list, and its own entries. */
export function removeCachedGroup(client: QueryClient, groupId: string): void {
  const keep = (g: PromptGroup) => g._id !== groupId;
  client.setQueriesData<PromptGroupList>({ queryKey: [...promptKeys.groups, 'list'] }, (list) =>
    list ? { ...list, promptGroups: list.promptGroups.filter(keep) } : list,
  );
  client.setQueriesData<InfiniteData<PromptGroupList>>(
    { queryKey: [...promptKeys.groups, 'pages'] },
    (data) =>
      data
        ? { ...data, pages: data.pages.map((p) => ({ ...p, promptGroups: p.promptGroups.filter(keep) })) }
        : data,
  );
  client.setQueryData<PromptGroup[]>(promptKeys.usable, (all) => all?.filter(keep));
  client.removeQueries({ queryKey: promptKeys.group(groupId) });
  client.removeQueries({ queryKey: promptKeys.versions(groupId) });
}

/** Lists and the usable set refetch (a group was added, renamed, shared…). */
const invalidateLists = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: promptKeys.groups }),
    client.invalidateQueries({ queryKey: promptKeys.usable }),
  ]);

// ── Writes ─────────────────────────────────────────────────────────────────────────────────────

/** POST /api/prompts: a new group with its first version (production). */
export function useCreatePrompt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PromptCreateBody) =>
      apiRequest<PromptCreateResult>(paths.prompts, { method: 'POST', body }),
    onSuccess: (result) => {
      client.setQueryData(promptKeys.group(result.group._id), result.group);
      client.setQueryData(promptKeys.versions(result.group._id), [result.prompt]);
      void invalidateLists(client);
    },
  });
}

/** POST /api/prompts/groups/:groupId/prompts: a new version (production too when asked). */
export function useAddPromptVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, ...body }: PromptAddBody & { groupId: string }) =>
      apiRequest<Prompt>(paths.promptGroupPrompts(groupId), { method: 'POST', body }),
    onSuccess: (prompt, { groupId, makeProduction }) => {
      client.setQueryData<Prompt[]>(promptKeys.versions(groupId), (list) =>
        list ? [prompt, ...list] : list,
      );
      if (makeProduction)
        patchCachedGroup(client, {
          _id: groupId,
          productionId: prompt._id,
          productionPrompt: { prompt: prompt.prompt },
        });
    },
    onSettled: (_r, _e, { groupId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: promptKeys.versions(groupId) }),
        client.invalidateQueries({ queryKey: promptKeys.group(groupId) }),
        invalidateLists(client),
      ]),
  });
}

/** PATCH /api/prompts/groups/:groupId: name, oneliner, category, command, share-to-all. */
export function useUpdatePromptGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, body }: { groupId: string; body: PromptGroupUpdateBody }) =>
      apiRequest<PromptGroup>(paths.promptGroup(groupId), { method: 'PATCH', body }),
    onSuccess: (group) => patchCachedGroup(client, group),
    onSettled: () => invalidateLists(client),
  });
}

type ProductionVars = { promptId: string; groupId: string; prompt: string };

/**
 * PATCH /api/prompts/:promptId/tags/production, applied at once to every cached copy of the group
 * and rolled back when the server refuses (doc 2 §4.8). The caller shows the error.
 */
export function useMakeProduction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ promptId, groupId }: ProductionVars) =>
      apiRequest<unknown>(paths.promptProduction(promptId), { method: 'PATCH', body: { groupId } }),
    onMutate: async ({ promptId, groupId, prompt }) => {
      await client.cancelQueries({ queryKey: promptKeys.group(groupId) });
      const before = client.getQueryData<PromptGroup>(promptKeys.group(groupId));
      const previous = before
        ? { productionId: before.productionId, productionPrompt: before.productionPrompt }
        : null;
      patchCachedGroup(client, { _id: groupId, productionId: promptId, productionPrompt: { prompt } });
      return { previous };
    },
    onError: (_e, { groupId }, context) => {
      if (context?.previous) patchCachedGroup(client, { _id: groupId, ...context.previous });
    },
    onSettled: (_r, _e, { groupId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: promptKeys.group(groupId) }),
        invalidateLists(client),
      ]),
  });
}

/**
 * DELETE /api/prompts/:promptId?groupId=: a version. When it was the group's last, the group is
 * gone too (`promptGroup` in the answer); otherwise production moves to the newest remaining.
 */
export function useDeletePromptVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ promptId, groupId }: { promptId: string; groupId: string }) =>
      apiRequest<PromptDeleteResult>(paths.prompt(promptId), { method: 'DELETE', query: { groupId } }),
    onSuccess: (result, { promptId, groupId }) => {
      if (result.promptGroup) {
        removeCachedGroup(client, groupId);
        return;
      }
      const versions = client.getQueryData<Prompt[]>(promptKeys.versions(groupId)) ?? [];
      const rest = versions.filter((v) => v._id !== promptId);
      client.setQueryData(promptKeys.versions(groupId), rest);
      const group = client.getQueryData<PromptGroup>(promptKeys.group(groupId));
      const productionId =
        result.productionId !== undefined
          ? result.productionId
          : group?.productionId === promptId
            ? (rest[0]?._id ?? null)
            : (group?.productionId ?? null);
      const production = rest.find((v) => v._id === productionId);
      patchCachedGroup(client, {
        _id: groupId,
        productionId,
        ...(production ? { productionPrompt: { prompt: production.prompt } } : {}),
      });
    },
    onSettled: (result, _e, { groupId }) =>
      Promise.all([
        result?.promptGroup ? null : client.invalidateQueries({ queryKey: promptKeys.group(groupId) }),
        result?.promptGroup ? null : client.invalidateQueries({ queryKey: promptKeys.versions(groupId) }),
        invalidateLists(client),
      ]),
  });
}

/** DELETE /api/prompts/groups/:groupId with all its versions. */
export function useDeletePromptGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) =>
      apiRequest<{ message: string; id: string }>(paths.promptGroup(groupId), { method: 'DELETE' }),
    onSuccess: (_r, groupId) => removeCachedGroup(client, groupId),
    onSettled: () => invalidateLists(client),
  });
}

/** PUT /api/prompts/groups/:groupId/shares: the whole list of chosen users, by email. */
export function useSetPromptShares() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, emails }: { groupId: string; emails: string[] }) =>
      apiRequest<PromptShares>(paths.promptGroupShares(groupId), { method: 'PUT', body: { emails } }),
    onSuccess: (shares, { groupId }) => client.setQueryData(promptKeys.shares(groupId), shares),
  });
}

/** POST /api/prompts/groups/:groupId/use: count a use (cards and the `/` popover). */
export function recordPromptUse(groupId: string) {
  return apiRequest<{ numberOfGenerations: number }>(paths.promptGroupUse(groupId), { method: 'POST' });
}

/** GET /api/prompts/export: the user's own groups with all their versions. */
export function exportPrompts(signal?: AbortSignal) {
  return apiRequest<PromptExportFile>(paths.promptsExport, { signal });
}

/** POST /api/prompts/import: an export's groups become the user's own, in one transaction. */
export function useImportPrompts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      apiRequest<PromptImportResult>(paths.promptsImport, { method: 'POST', body }),
    onSettled: () => invalidateLists(client),
  });
}
