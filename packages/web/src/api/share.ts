import {
  paths,
  SHARED_LINKS_PAGE_SIZE,
  type SharedConversation,
  type SharedLink,
  type SharedLinkListResponse,
  type SharedLinkStatus,
} from '@parley/schema';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

export type SharedLinkFilters = {
  search: string;
  sortBy: 'createdAt' | 'title';
  sortDirection: 'asc' | 'desc';
};

export const shareKeys = {
  all: ['share'] as const,
  lists: () => ['share', 'list'] as const,
  list: (f: SharedLinkFilters) => ['share', 'list', f] as const,
  link: (conversationId: string) => ['share', 'link', conversationId] as const,
  shared: (shareId: string) => ['share', 'shared', shareId] as const,
};

/** The signed-in user's link for a conversation, if any. */
export const sharedLinkStatusQuery = (conversationId: string) =>
  queryOptions({
    queryKey: shareKeys.link(conversationId),
    queryFn: ({ signal }) => apiRequest<SharedLinkStatus>(paths.sharedLinkFor(conversationId), { signal }),
  });

/** The manager's pages (doc 3 §7: cursor, pageSize 25, isPublic true, search, sortBy, sortDirection). */
export const sharedLinksInfinite = (f: SharedLinkFilters) =>
  infiniteQueryOptions({
    queryKey: shareKeys.list(f),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<SharedLinkListResponse>(paths.sharedLinks, {
        query: {
          cursor: pageParam ?? undefined,
          pageSize: SHARED_LINKS_PAGE_SIZE,
          isPublic: true,
          search: f.search || undefined,
          sortBy: f.sortBy,
          sortDirection: f.sortDirection,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The public snapshot behind /share/{shareId}; a token is sent when there is one. */
export const sharedConversationQuery = (shareId: string) =>
  queryOptions({
    queryKey: shareKeys.shared(shareId),
    queryFn: ({ signal }) => apiRequest<SharedConversation>(paths.sharedLink(shareId), { signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

function useInvalidateShares() {
  const client = useQueryClient();
  return (conversationId?: string) => {
    void client.invalidateQueries({ queryKey: shareKeys.lists() });
    if (conversationId) void client.invalidateQueries({ queryKey: shareKeys.link(conversationId) });
  };
}

function setLinkStatus(
  client: ReturnType<typeof useQueryClient>,
  conversationId: string,
  shareId: string | null,
) {
  client.setQueryData<SharedLinkStatus>(shareKeys.link(conversationId), {
    success: shareId !== null,
    shareId,
    conversationId,
  });
}

export function useCreateSharedLink() {
  const client = useQueryClient();
  const invalidate = useInvalidateShares();
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiRequest<SharedLink>(paths.shareConversation(conversationId), { method: 'POST' }),
    onSuccess: (link) => {
      setLinkStatus(client, link.conversationId, link.shareId);
      invalidate();
    },
  });
}

/** A refresh returns a new share id (the old link stops working). */
export function useRefreshSharedLink() {
  const client = useQueryClient();
  const invalidate = useInvalidateShares();
  return useMutation({
    mutationFn: (shareId: string) => apiRequest<SharedLink>(paths.sharedLink(shareId), { method: 'PATCH' }),
    onSuccess: (link) => {
      setLinkStatus(client, link.conversationId, link.shareId);
      invalidate();
    },
  });
}

export function useDeleteSharedLink() {
  const client = useQueryClient();
  const invalidate = useInvalidateShares();
  return useMutation({
    mutationFn: ({ shareId }: { shareId: string; conversationId: string }) =>
      apiRequest<{ success: boolean; shareId: string }>(paths.sharedLink(shareId), { method: 'DELETE' }),
    onSuccess: (_res, { conversationId }) => {
      setLinkStatus(client, conversationId, null);
      invalidate();
    },
  });
}

/** Delete several links; resolves with how many succeeded and failed. */
export function useDeleteSharedLinks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (links: { shareId: string; conversationId: string }[]) => {
      const results = await Promise.allSettled(
        links.map((l) => apiRequest(paths.sharedLink(l.shareId), { method: 'DELETE' })),
      );
      links.forEach((l, i) => {
        if (results[i].status === 'fulfilled') setLinkStatus(client, l.conversationId, null);
      });
      const failed = results.filter((r) => r.status === 'rejected').length;
      return { deleted: links.length - failed, failed };
    },
    onSettled: () => client.invalidateQueries({ queryKey: shareKeys.lists() }),
  });
}
