import { CONVO_PAGE_SIZE, type Conversation, type ConvoListResponse, paths } from '@parley/schema';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { useAuthedInfiniteQuery } from './query-client.ts';

export const convoKeys = {
  all: ['convos'] as const,
  list: () => ['convos', 'list'] as const,
  detail: (id: string) => ['convos', 'detail', id] as const,
};

/** The sidebar list's cache entry (and the archived lists'): pages of conversations. */
export type ConvoPages = InfiniteData<ConvoListResponse, string | null>;

/** The sidebar list; with `tags`, only conversations carrying any of them (a key below the list's). */
export const convosInfinite = (tags: readonly string[] = []) =>
  infiniteQueryOptions({
    queryKey: tags.length ? [...convoKeys.list(), { tags }] : convoKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ConvoListResponse>(paths.convos, {
        query: { cursor: pageParam ?? undefined, limit: CONVO_PAGE_SIZE, 'tags[]': tags },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });

export function useConvosInfinite(tags?: readonly string[]) {
  return useAuthedInfiniteQuery(convosInfinite(tags));
}

function findInList(qc: QueryClient, id: string): Conversation | undefined {
  const data = qc.getQueryData<ConvoPages>(convoKeys.list());
  for (const page of data?.pages ?? []) {
    const hit = page.conversations.find((c) => c.conversationId === id);
    if (hit) return hit;
  }
  return undefined;
}

/** A conversation by id, first looked up in the cached list (doc 1 §7). */
export const convoQuery = (qc: QueryClient, id: string) =>
  queryOptions({
    queryKey: convoKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Conversation>(paths.convo(id), { signal }),
    initialData: () => findInList(qc, id),
    initialDataUpdatedAt: () => qc.getQueryState(convoKeys.list())?.dataUpdatedAt,
  });

export function useConvo(qc: QueryClient, id: string | null) {
  return useQuery({ ...convoQuery(qc, id ?? ''), enabled: id != null });
}

/** Put a new or updated conversation at the top of the cached list (it is the newest). */
export function upsertConvoInCaches(qc: QueryClient, convo: Conversation): void {
  qc.setQueryData(convoKeys.detail(convo.conversationId), convo);
  // A temporary chat never shows in the list (it expires; GET /api/convos leaves it out too).
  if (convo.expiredAt != null) return;
  qc.setQueryData<ConvoPages>(convoKeys.list(), (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.filter((c) => c.conversationId !== convo.conversationId),
    }));
    if (pages.length === 0) return data;
    pages[0] = { ...pages[0], conversations: [convo, ...pages[0].conversations] };
    return { ...data, pages };
  });
}

/** Patch a conversation where it is cached, without moving it; `onlyIf` limits it to copies that pass. */
export function patchConvoInCaches(
  qc: QueryClient,
  id: string,
  patch: Partial<Conversation>,
  onlyIf: (c: Conversation) => boolean = () => true,
): void {
  const apply = (c: Conversation) => (c.conversationId === id && onlyIf(c) ? { ...c, ...patch } : c);
  qc.setQueryData<Conversation>(convoKeys.detail(id), (c) => (c ? apply(c) : c));
  qc.setQueryData<ConvoPages>(convoKeys.list(), (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!page.conversations.some((c) => c.conversationId === id)) return page;
      changed = true;
      return { ...page, conversations: page.conversations.map(apply) };
    });
    return changed ? { ...data, pages } : data;
  });
}

/** GET /api/convos/gen_title/:id → the generated title, or null when there is none (404). */
export async function fetchGeneratedTitle(id: string): Promise<string | null> {
  try {
    const res = await apiRequest<{ title: string }>(paths.genTitle(id));
    return res?.title || null;
  } catch {
    return null;
  }
}
