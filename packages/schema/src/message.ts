import { z } from 'zod';

/** Content part types (doc 1 §3). */
export const ContentTypes = {
  TEXT: 'text',
  THINK: 'think',
  ERROR: 'error',
  TOOL_CALL: 'tool_call',
  IMAGE_FILE: 'image_file',
  IMAGE_URL: 'image_url',
  AGENT_UPDATE: 'agent_update',
} as const;

export const TextPart = z.object({ type: z.literal('text'), text: z.string() });
export const ThinkPart = z.object({ type: z.literal('think'), think: z.string() });
export const ErrorPart = z.object({ type: z.literal('error'), error: z.string() });
export const ToolCallPart = z.object({
  type: z.literal('tool_call'),
  tool_call: z.object({
    id: z.string(),
    name: z.string(),
    args: z.string(),
    progress: z.number().optional(),
    output: z.string().optional(),
    auth: z.string().optional(),
    expires_at: z.number().optional(),
  }),
});
export const ContentPart = z.discriminatedUnion('type', [TextPart, ThinkPart, ErrorPart, ToolCallPart]);
export type ContentPart = z.infer<typeof ContentPart>;

export const Message = z.object({
  messageId: z.string(),
  conversationId: z.string(),
  parentMessageId: z.string(),
  text: z.string(),
  content: z.array(ContentPart).optional(),
  sender: z.string(),
  isCreatedByUser: z.boolean(),
  error: z.boolean(),
  unfinished: z.boolean(),
  endpoint: z.string().nullable(),
  model: z.string().nullable(),
  iconURL: z.string().nullish(),
  finish_reason: z.string().nullish(),
  tokenCount: z.number().nullish(),
  clientTimestamp: z.string().nullish(),
  /** Earlier turns left out so the request fit the model's context window. */
  contextDropped: z.number().int().positive().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Message = z.infer<typeof Message>;

export const MessageList = z.array(Message);
