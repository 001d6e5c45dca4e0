import { z } from 'zod';
import { CONVO_PAGE_MAX, CONVO_PAGE_SIZE } from './constants.ts';

export const Conversation = z.object({
  conversationId: z.string(),
  title: z.string(),
  endpoint: z.string().nullable(),
  endpointType: z.string().nullish(),
  model: z.string().nullable(),
  /** The model spec the conversation was last run with (doc 3 §3). */
  spec: z.string().nullish(),
  /** The agent the conversation runs with (endpoint `agents`). */
  agent_id: z.string().nullish(),
  isArchived: z.boolean(),
  tags: z.array(z.string()),
  expiredAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Model parameters the conversation was last run with. */
  parameters: z.record(z.string(), z.unknown()).optional(),
});
export type Conversation = z.infer<typeof Conversation>;

export const ConvoListQuery = z.object({
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(CONVO_PAGE_MAX).default(CONVO_PAGE_SIZE),
  isArchived: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  /** Only conversations carrying any of these bookmarks; `tags[]=a&tags[]=b` (LibreChat) or `tags`. */
  tags: z.union([z.string(), z.array(z.string())]).optional(),
  'tags[]': z.union([z.string(), z.array(z.string())]).optional(),
  /** Archived manager: sort and title search (LibreChat names); defaults keep the sidebar order. */
  sortBy: z.enum(['updatedAt', 'createdAt', 'title']).default('updatedAt'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
  search: z.string().max(200).optional(),
});
export type ConvoListQuery = z.infer<typeof ConvoListQuery>;

export const ConvoListResponse = z.object({
  conversations: z.array(Conversation),
  nextCursor: z.string().nullable(),
});
export type ConvoListResponse = z.infer<typeof ConvoListResponse>;

export const ConvoIdParams = z.object({ conversationId: z.string().min(1).max(64) });

export const TitleResponse = z.object({ title: z.string() });
