import { z } from 'zod';
import { Message } from './message.ts';

/** Shared links manager page size and default sort (doc 3 §7, §9). */
export const SHARED_LINKS_PAGE_SIZE = 25;
export const SHARED_LINKS_PAGE_MAX = 100;
export const SHARED_LINKS_SEARCH_MAX = 200;

/** A shared link as listed and as returned by create/refresh (doc 3 §3 "Shared link"). */
export const SharedLink = z.object({
  shareId: z.string(),
  conversationId: z.string(),
  title: z.string(),
  isPublic: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type SharedLink = z.infer<typeof SharedLink>;

/** GET /api/share: list parameters (doc 3 §3, §7). */
export const SharedLinkListQuery = z.object({
  cursor: z.string().max(1024).optional(),
  pageSize: z.coerce.number().int().min(1).max(SHARED_LINKS_PAGE_MAX).default(SHARED_LINKS_PAGE_SIZE),
  isPublic: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v !== 'false'),
  search: z.string().trim().max(SHARED_LINKS_SEARCH_MAX).optional(),
  sortBy: z.enum(['createdAt', 'title']).default('createdAt'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
});
export type SharedLinkListQuery = z.input<typeof SharedLinkListQuery>;

export const SharedLinkListResponse = z.object({
  links: z.array(SharedLink),
  nextCursor: z.string().nullable(),
  hasNextPage: z.boolean(),
});
export type SharedLinkListResponse = z.infer<typeof SharedLinkListResponse>;

/** GET /api/share/link/:conversationId — the user's link for a conversation, if any. */
export const SharedLinkStatus = z.object({
  success: z.boolean(),
  shareId: z.string().nullable(),
  conversationId: z.string(),
});
export type SharedLinkStatus = z.infer<typeof SharedLinkStatus>;

export const ShareIdParams = z.object({ shareId: z.string().min(1).max(64) });

/** DELETE /api/share/:shareId. */
export const SharedLinkDeleted = z.object({ success: z.boolean(), shareId: z.string() });

/**
 * A message as a shared page shows it: the conversation's content with anonymized ids and none of
 * the owner's private metadata (client timestamps, token counts).
 */
export const SharedMessage = Message.pick({
  messageId: true,
  conversationId: true,
  parentMessageId: true,
  text: true,
  content: true,
  files: true,
  sender: true,
  isCreatedByUser: true,
  error: true,
  unfinished: true,
  endpoint: true,
  model: true,
  iconURL: true,
  createdAt: true,
  updatedAt: true,
});
export type SharedMessage = z.infer<typeof SharedMessage>;

/** GET /api/share/:shareId — the public snapshot (doc 2 §3.7). */
export const SharedConversation = SharedLink.extend({ messages: z.array(SharedMessage) });
export type SharedConversation = z.infer<typeof SharedConversation>;
