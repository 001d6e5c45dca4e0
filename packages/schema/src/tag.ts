import { z } from 'zod';
import { CONVO_TAGS_MAX, TAG_DESCRIPTION_MAX, TAG_MAX } from './constants.ts';

/** A bookmark as the API returns it (doc 3 §3; LibreChat ConversationTag). */
export const ConversationTag = z.object({
  tag: z.string(),
  description: z.string().nullable(),
  /** Conversations carrying the tag, derived when listed. */
  count: z.number().int(),
  position: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ConversationTag = z.infer<typeof ConversationTag>;

export const ConversationTagList = z.array(ConversationTag);

const TagName = z
  .string()
  .trim()
  .min(1, 'This field is required.')
  .max(TAG_MAX, `Maximum ${TAG_MAX} characters`);
const TagDescription = z.string().max(TAG_DESCRIPTION_MAX, `Maximum ${TAG_DESCRIPTION_MAX} characters`);

/** POST /api/tags: create a bookmark, optionally tagging a conversation at once. */
export const CreateTagBody = z.object({
  tag: TagName,
  description: TagDescription.nullish(),
  conversationId: z.string().min(1).max(64).optional(),
  addToConversation: z.boolean().optional(),
  position: z.number().int().min(0).optional(),
});
export type CreateTagBody = z.infer<typeof CreateTagBody>;

/** PUT /api/tags/:tag: rename, describe, or move to a position (the others shift). */
export const UpdateTagBody = z.object({
  tag: TagName.optional(),
  description: TagDescription.nullish(),
  position: z.number().int().min(0).optional(),
});
export type UpdateTagBody = z.infer<typeof UpdateTagBody>;

export const TagParams = z.object({
  tag: z
    .string()
    .min(1)
    .max(TAG_MAX * 4),
});

/** PUT /api/tags/convo/:conversationId: the conversation's full tag list. */
export const ConvoTagsBody = z.object({ tags: z.array(TagName).max(CONVO_TAGS_MAX) });
export type ConvoTagsBody = z.infer<typeof ConvoTagsBody>;
export const ConvoTagsResponse = z.array(z.string());
