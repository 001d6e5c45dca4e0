import {
  type Conversation,
  type ConversationTag,
  type CreateTagBody,
  paths,
  type UpdateTagBody,
} from '@parley/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { convoKeys, patchConvoInCaches } from './convos.ts';
import { usePermission } from './permissions.ts';
import { useAuthedQuery } from './query-client.ts';

export const tagKeys = { all: ['tags'] as const };

/** Bookmarks are on for this user: signed in with the bookmarks use permission (doc 3 §2, §6). */
export function useBookmarksAllowed(): boolean {
  return usePermission('BOOKMARKS', 'USE');
}

/** The user's bookmarks in position order, with counts (GET /api/tags). */
export function useConversationTags(enabled = true) {
  const allowed = useBookmarksAllowed();
  return useAuthedQuery({
    queryKey: tagKeys.all,
    queryFn: ({ signal }) => apiRequest<ConversationTag[]>(paths.tags, { signal }),
    enabled: allowed && enabled,
    staleTime: 30_000,
  });
}

/** Tag changes move counts and conversation tag lists: refresh both, filtered lists included. */
function useRefresh() {
  const client = useQueryClient();
  return (convos: boolean) => {
    void client.invalidateQueries({ queryKey: tagKeys.all });
    if (convos) void client.invalidateQueries({ queryKey: convoKeys.all });
  };
}

export function useCreateTag() {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateTagBody) => apiRequest<ConversationTag>(paths.tags, { method: 'POST', body }),
    onSuccess: (tag, body) => {
      if (body.addToConversation && body.conversationId) {
        const id = body.conversationId;
        const current = client.getQueryData<Conversation>(convoKeys.detail(id))?.tags ?? [];
        patchConvoInCaches(client, id, { tags: [...current.filter((t) => t !== tag.tag), tag.tag] });
      }
    },
    onSettled: (_tag, _error, body) => refresh(!!body.addToConversation),
  });
}

export function useUpdateTag() {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ tag, body }: { tag: string; body: UpdateTagBody }) =>
      apiRequest<ConversationTag>(paths.tag(tag), { method: 'PUT', body }),
    // Optimistic order for moves, so a dropped row stays where it was dropped.
    onMutate: async ({ tag, body }) => {
      if (body.position === undefined) return;
      await client.cancelQueries({ queryKey: tagKeys.all });
      client.setQueryData<ConversationTag[]>(tagKeys.all, (list) => {
        if (!list) return list;
        const from = list.findIndex((t) => t.tag === tag);
        if (from < 0) return list;
        const next = [...list];
        const [moved] = next.splice(from, 1);
        next.splice(Math.min(body.position ?? from, next.length), 0, moved);
        return next.map((t, position) => ({ ...t, position }));
      });
    },
    onSettled: (_tag, _error, { body }) => refresh(body.tag !== undefined),
  });
}

export function useDeleteTag() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (tag: string) => apiRequest<ConversationTag>(paths.tag(tag), { method: 'DELETE' }),
    onSettled: () => refresh(true),
  });
}

/** Set one conversation's tags (PUT /api/tags/convo/:id). */
export function useSetConvoTags(conversationId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tags: string[]) =>
      apiRequest<string[]>(paths.convoTags(conversationId ?? ''), { method: 'PUT', body: { tags } }),
    onMutate: (tags) => {
      if (conversationId) patchConvoInCaches(client, conversationId, { tags });
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: tagKeys.all });
      // Filtered sidebar lists only: the main list's row already shows the new tags.
      void client.invalidateQueries({
        queryKey: convoKeys.list(),
        predicate: (q) => q.queryKey.length > 2,
      });
      if (conversationId) void client.invalidateQueries({ queryKey: convoKeys.detail(conversationId) });
    },
  });
}
