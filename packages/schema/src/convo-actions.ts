import { z } from 'zod';
import { CONVO_DELETE_MAX, NO_PARENT } from './constants.ts';
import { Conversation } from './conversation.ts';
import { FORK_OPTIONS } from './fork.ts';
import { Message } from './message.ts';

const ConvoId = z.string().min(1).max(64);

/** POST /api/convos/update — LibreChat's `{arg:{conversationId, title}}`; isArchived also allowed. */
export const ConvoUpdateBody = z.object({
  arg: z
    .object({
      conversationId: ConvoId,
      title: z.string().max(1024).optional(),
      isArchived: z.boolean().optional(),
    })
    .refine((a) => a.title !== undefined || a.isArchived !== undefined, {
      message: 'title or isArchived is required',
      path: ['title'],
    }),
});
export type ConvoUpdateBody = z.infer<typeof ConvoUpdateBody>;

/** POST /api/convos/archive */
export const ConvoArchiveBody = z.object({
  arg: z.object({ conversationId: ConvoId, isArchived: z.boolean() }),
});
export type ConvoArchiveBody = z.infer<typeof ConvoArchiveBody>;

/** DELETE /api/convos — `{arg:{conversationId}}`, or `{arg:{conversationIds}}` for a bulk delete. */
export const ConvoDeleteBody = z.object({
  arg: z
    .object({
      conversationId: ConvoId.optional(),
      conversationIds: z.array(ConvoId).min(1).max(CONVO_DELETE_MAX).optional(),
      source: z.string().optional(),
      thread_id: z.string().optional(),
      endpoint: z.string().optional(),
    })
    .refine((a) => a.conversationId !== undefined || a.conversationIds !== undefined, {
      message: 'conversationId is required',
      path: ['conversationId'],
    }),
});
export type ConvoDeleteBody = z.infer<typeof ConvoDeleteBody>;

export const ConvoDeleteResponse = z.object({
  acknowledged: z.boolean(),
  deletedCount: z.number().int(),
  messages: z.object({ deletedCount: z.number().int() }),
  conversationIds: z.array(z.string()),
});
export type ConvoDeleteResponse = z.infer<typeof ConvoDeleteResponse>;

/** POST /api/convos/duplicate — copies the whole tree with new ids. */
export const ConvoDuplicateBody = z.object({
  conversationId: ConvoId,
  title: z.string().max(1024).optional(),
});
export type ConvoDuplicateBody = z.infer<typeof ConvoDuplicateBody>;

/** POST /api/convos/fork (see selectForkMessages for what each option copies). */
export const ConvoForkBody = z.object({
  conversationId: ConvoId,
  messageId: z
    .string()
    .min(1)
    .max(128)
    .refine((v) => v !== NO_PARENT, 'messageId is required'),
  option: z.enum(FORK_OPTIONS).default('directPath'),
  splitAtTarget: z.boolean().default(false),
  latestMessageId: z.string().max(128).nullish(),
});
export type ConvoForkBody = z.input<typeof ConvoForkBody>;

/** The copy made by duplicate or fork: the new conversation and all its messages. */
export const ConvoCopyResponse = z.object({
  conversation: Conversation,
  messages: z.array(Message),
});
export type ConvoCopyResponse = z.infer<typeof ConvoCopyResponse>;
