import {
  ARCHIVED_PAGE_SIZE,
  type Conversation,
  type ConvoCopyResponse,
  type ConvoDeleteResponse,
  type ConvoForkBody,
  type ConvoListResponse,
  type ConvoSortKey,
  paths,
  type SortDirection,
} from '@parley/schema';
import { infiniteQueryOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { type ConvoPages, convoKeys, patchConvoInCaches, upsertConvoInCaches } from './convos.ts';
import { messageKeys } from './messages.ts';
import { useAuthedInfiniteQuery } from './query-client.ts';

export type ArchivedFilters = { search: string; sortBy: ConvoSortKey; sortDirection: SortDirection };

/** Archived lists live under their own key so the sidebar list is never refetched by them. */
export const archivedKeys = {
  all: ['convos-archived'] as const,
  list: (f: ArchivedFilters) => ['convos-archived', f] as const,
};

export const archivedInfinite = (f: ArchivedFilters) =>
  infiniteQueryOptions({
    queryKey: archivedKeys.list(f),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ConvoListResponse>(paths.convos, {
        query: {
          isArchived: true,
          cursor: pageParam ?? undefined,
          limit: ARCHIVED_PAGE_SIZE,
          sortBy: f.sortBy,
          sortDirection: f.sortDirection,
          search: f.search.trim() || undefined,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });

export function useArchivedInfinite(f: ArchivedFilters, enabled: boolean) {
  return useAuthedInfiniteQuery({ ...archivedInfinite(f), enabled });
}

function withoutIds(data: ConvoPages | undefined, ids: ReadonlySet<string>): ConvoPages | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const kept = page.conversations.filter((c) => !ids.has(c.conversationId));
    if (kept.length === page.conversations.length) return page;
    changed = true;
    return { ...page, conversations: kept };
  });
  return changed ? { ...data, pages } : data;
}

/** Drop conversations from the sidebar list and every archived list (no refetch). */
export function removeConvosFromCaches(qc: QueryClient, ids: readonly string[]): void {
  const set = new Set(ids);
  qc.setQueryData<ConvoPages>(convoKeys.list(), (d) => withoutIds(d, set));
  qc.setQueriesData<ConvoPages>({ queryKey: archivedKeys.all }, (d) => withoutIds(d, set));
}

/**
 * Put a conversation back into the sidebar list where its updatedAt belongs (unarchive). Past the
 * loaded pages it is left out: it arrives with the page that holds it.
 */
export function insertConvoSorted(qc: QueryClient, convo: Conversation): void {
  qc.setQueryData<ConvoPages>(convoKeys.list(), (data) => {
    if (!data || data.pages.length === 0) return data;
    const pages = data.pages.map((p) => ({
      ...p,
      conversations: p.conversations.filter((c) => c.conversationId !== convo.conversationId),
    }));
    for (let i = 0; i < pages.length; i++) {
      const list = pages[i].conversations;
      const at = list.findIndex((c) => c.updatedAt < convo.updatedAt);
      const lastPage = i === pages.length - 1;
      if (at !== -1 || (lastPage && !data.pages[i].nextCursor)) {
        const index = at === -1 ? list.length : at;
        pages[i] = { ...pages[i], conversations: [...list.slice(0, index), convo, ...list.slice(index)] };
        return { ...data, pages };
      }
    }
    return { ...data, pages };
  });
}

function snapshot(qc: QueryClient) {
  return {
    list: qc.getQueryData<ConvoPages>(convoKeys.list()),
    archived: qc.getQueriesData<ConvoPages>({ queryKey: archivedKeys.all }),
  };
}
function restore(qc: QueryClient, snap: ReturnType<typeof snapshot>) {
  qc.setQueryData(convoKeys.list(), snap.list);
  for (const [key, data] of snap.archived) qc.setQueryData(key, data);
}

/** Rename optimistically; on failure the title reverts (the caller shows com_ui_rename_failed). */
export function useRenameConvo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { conversationId: string; title: string; previous: string }) =>
      apiRequest<Conversation>(paths.convoUpdate, {
        method: 'POST',
        body: { arg: { conversationId: v.conversationId, title: v.title } },
      }),
    onMutate: (v) => patchConvoInCaches(qc, v.conversationId, { title: v.title }),
    onError: (_e, v) => patchConvoInCaches(qc, v.conversationId, { title: v.previous }),
    onSuccess: (saved) => patchConvoInCaches(qc, saved.conversationId, { title: saved.title }),
  });
}

/** Archive (leaves the sidebar list) or unarchive (returns to it), optimistically. */
export function useArchiveConvo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { conversationId: string; isArchived: boolean }) =>
      apiRequest<Conversation>(paths.convoArchive, { method: 'POST', body: { arg: v } }),
    onMutate: (v) => {
      const snap = snapshot(qc);
      removeConvosFromCaches(qc, [v.conversationId]);
      return snap;
    },
    onError: (_e, _v, snap) => snap && restore(qc, snap),
    onSuccess: (saved) => {
      qc.setQueryData(convoKeys.detail(saved.conversationId), saved);
      if (!saved.isArchived) insertConvoSorted(qc, saved);
      // Archived lists are sorted and searched by the server: refresh them when next shown.
      void qc.invalidateQueries({ queryKey: archivedKeys.all, refetchType: 'active' });
    },
  });
}

/** Delete one or several conversations (and their messages), optimistically. */
export function useDeleteConvos() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiRequest<ConvoDeleteResponse>(paths.convos, {
        method: 'DELETE',
        body: { arg: ids.length === 1 ? { conversationId: ids[0] } : { conversationIds: ids } },
      }),
    onMutate: (ids) => {
      const snap = snapshot(qc);
      removeConvosFromCaches(qc, ids);
      return snap;
    },
    onError: (_e, _ids, snap) => snap && restore(qc, snap),
    onSuccess: (_res, ids) => {
      for (const id of ids) {
        qc.removeQueries({ queryKey: convoKeys.detail(id), type: 'inactive' });
        qc.removeQueries({ queryKey: messageKeys.list(id), type: 'inactive' });
      }
    },
  });
}

/** Clear all chats: every list becomes empty at once. */
export function useClearAllConvos() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ConvoDeleteResponse>(paths.convosAll, { method: 'DELETE' }),
    onSuccess: () => {
      qc.setQueryData<ConvoPages>(convoKeys.list(), (d) =>
        d ? { pageParams: [null], pages: [{ conversations: [], nextCursor: null }] } : d,
      );
      qc.removeQueries({ queryKey: archivedKeys.all });
      // The open conversation's queries stay until the caller has moved to /chat/new.
      qc.removeQueries({ queryKey: ['convos', 'detail'], type: 'inactive' });
      qc.removeQueries({ queryKey: messageKeys.all, type: 'inactive' });
    },
  });
}

/** Seed the caches with a new copy so opening it needs no round trip. */
function adoptCopy(qc: QueryClient, copy: ConvoCopyResponse) {
  upsertConvoInCaches(qc, copy.conversation);
  qc.setQueryData(messageKeys.list(copy.conversation.conversationId), copy.messages);
}

export function useDuplicateConvo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiRequest<ConvoCopyResponse>(paths.convoDuplicate, { method: 'POST', body: { conversationId } }),
    onSuccess: (copy) => adoptCopy(qc, copy),
  });
}

export function useForkConvo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConvoForkBody) =>
      apiRequest<ConvoCopyResponse>(paths.convoFork, { method: 'POST', body }),
    onSuccess: (copy) => adoptCopy(qc, copy),
  });
}
