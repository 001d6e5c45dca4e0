import { type Message, paths } from '@parley/schema';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

export const messageKeys = {
  all: ['messages'] as const,
  list: (conversationId: string) => ['messages', conversationId] as const,
};

/** The whole message tree of a conversation, in any order. */
export const messagesQuery = (conversationId: string) =>
  queryOptions({
    queryKey: messageKeys.list(conversationId),
    queryFn: ({ signal }) => apiRequest<Message[]>(paths.messages(conversationId), { signal }),
    staleTime: 0,
    gcTime: 60_000,
  });
