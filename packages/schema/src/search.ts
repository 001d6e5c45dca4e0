import { z } from 'zod';
import { SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX } from './constants.ts';

export const MessageSearchQuery = z.object({
  search: z.string().trim().min(1).max(SEARCH_QUERY_MAX),
  cursor: z.string().max(512).optional(),
  pageSize: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(SEARCH_PAGE_SIZE),
});
export type MessageSearchQuery = z.infer<typeof MessageSearchQuery>;

/** One hit: the message, enriched with its conversation's title (LibreChat's shape). */
export const MessageSearchHit = z.object({
  messageId: z.string(),
  conversationId: z.string(),
  parentMessageId: z.string(),
  text: z.string(),
  sender: z.string(),
  isCreatedByUser: z.boolean(),
  endpoint: z.string().nullable(),
  model: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** The conversation's title. */
  title: z.string(),
  /** The conversation is archived (archived chats stay searchable, as in LibreChat). */
  isArchived: z.boolean(),
  /** Found by the conversation's title: the hit is that conversation's first message. */
  titleMatch: z.boolean(),
});
export type MessageSearchHit = z.infer<typeof MessageSearchHit>;

export const MessageSearchResponse = z.object({
  messages: z.array(MessageSearchHit),
  nextCursor: z.string().nullable(),
});
export type MessageSearchResponse = z.infer<typeof MessageSearchResponse>;
