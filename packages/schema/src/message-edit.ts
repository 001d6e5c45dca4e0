import { z } from 'zod';
import { MESSAGE_TEXT_REQUIRED } from './message-edit-rules.ts';

export const MessageEditParams = z.object({
  conversationId: z.string().min(1).max(64),
  messageId: z.string().min(1).max(64),
});

/**
 * PUT /api/messages/:conversationId/:messageId (LibreChat): `{text}` replaces the whole text,
 * `{text, index}` one text or think content part. `model` is accepted for LibreChat clients.
 */
export const MessageEdit = z.object({
  text: z.string().refine((s) => s.trim().length > 0, MESSAGE_TEXT_REQUIRED),
  index: z.number().int().min(0).optional(),
  model: z.string().nullish(),
});
export type MessageEdit = z.infer<typeof MessageEdit>;
