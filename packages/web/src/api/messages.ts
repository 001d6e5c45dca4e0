import { type Message, paths } from '@parley/schema';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { queryClient } from './query-client.ts';

export const messageKeys = {
  all: ['messages'] as const,
  list: (conversationId: string) => ['messages', conversationId] as const,
};

/** A preloaded answer older than this is not used: the conversation may have changed since. */
const PRELOAD_MAX_AGE_MS = 10_000;

/** Boot-time requests (app/early-loads.ts), each handed to the first query of its conversation. */
const preloaded = new Map<string, { request: Promise<Message[]>; at: number }>();

/**
 * Request a conversation's messages before any component asks (a cold load of its address).
 * Nothing to do when the view got there first: its query is then in the cache already.
 */
export function preloadMessages(conversationId: string): void {
  if (preloaded.has(conversationId) || queryClient.getQueryState(messageKeys.list(conversationId))) return;
  const request = apiRequest<Message[]>(paths.messages(conversationId));
  // A failed preload is not reported here: the query that takes it sees the failure.
  request.catch(() => undefined);
  preloaded.set(conversationId, { request, at: Date.now() });
}

function takePreloaded(conversationId: string): Promise<Message[]> | undefined {
  const entry = preloaded.get(conversationId);
  preloaded.delete(conversationId);
  return entry && Date.now() - entry.at < PRELOAD_MAX_AGE_MS ? entry.request : undefined;
}

/** The whole message tree of a conversation, in any order. */
export const messagesQuery = (conversationId: string) =>
  queryOptions({
    queryKey: messageKeys.list(conversationId),
    queryFn: ({ signal }) =>
      takePreloaded(conversationId) ?? apiRequest<Message[]>(paths.messages(conversationId), { signal }),
    staleTime: 0,
    gcTime: 60_000,
  });
