import { z } from 'zod';
import { FileCitation } from './files.ts';

export const TextPart = z.object({ type: z.literal('text'), text: z.string() });
export const ThinkPart = z.object({ type: z.literal('think'), think: z.string() });
export const ErrorPart = z.object({ type: z.literal('error'), error: z.string() });
/**
 * A file shown with a message (doc 2 §3.8): an upload, or a file a tool made. Only what is shown
 * is kept; `filepath` is a relative path or a URL and is checked before it becomes an image src.
 */
export const MessageFile = z.object({
  file_id: z.string().optional(),
  filename: z.string(),
  filepath: z.string().optional(),
  /** MIME type. */
  type: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  bytes: z.number().optional(),
  /** Generated files may expire; past it, 'download expired' replaces the link (doc 2 §4.15). */
  expiresAt: z.number().nullish(),
});
export type MessageFile = z.infer<typeof MessageFile>;

/** A file a tool call produced (doc 2 §3.8 attachments). */
export const ToolCallAttachment = MessageFile.extend({ toolCallId: z.string().optional() });
export type ToolCallAttachment = z.infer<typeof ToolCallAttachment>;

/** One output of a code interpreter run; `logs` is what the code printed. */
export const CodeOutput = z.object({ type: z.string(), logs: z.string().optional() });

/**
 * A tool call (doc 2 §3.8), as LibreChat writes it. Agents give `name`, `args` (JSON text) and
 * `output`; the older assistants kinds say which they are in `type` and carry their data in an
 * object of that name (`code_interpreter`, `function`). Code run by agents is `execute_code`
 * with args `{lang, code}`. Everything but the id is optional so imported calls of any kind load.
 */
export const ToolCall = z.object({
  id: z.string(),
  /** 'tool_call' (agents) or an assistants kind: code_interpreter, function, retrieval, file_search. */
  type: z.string().optional(),
  name: z.string().optional(),
  /** JSON text; some exports hold the object itself. */
  args: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  /** 0..1; a new call starts at TOOL_PROGRESS_INITIAL. */
  progress: z.number().optional(),
  output: z.string().nullish(),
  /** Sign-in URL when the tool needs the user to authorize it. */
  auth: z.string().optional(),
  expires_at: z.number().optional(),
  code_interpreter: z
    .object({ input: z.string().optional(), outputs: z.array(CodeOutput).optional() })
    .optional(),
  function: z
    .object({ name: z.string().optional(), arguments: z.string().optional(), output: z.string().nullish() })
    .optional(),
  attachments: z.array(ToolCallAttachment).optional(),
  /**
   * Tool approval (beyond the spec): 'pending' while the run waits for the user, then 'approved'
   * or 'denied'. Absent for calls that needed no approval.
   */
  approval: z.enum(['pending', 'approved', 'denied']).optional(),
});
export type ToolCall = z.infer<typeof ToolCall>;

export const ToolCallPart = z.object({ type: z.literal('tool_call'), tool_call: ToolCall });
/** An image a tool or assistant made, stored as a file. */
export const ImageFilePart = z.object({
  type: z.literal('image_file'),
  image_file: z.object({
    file_id: z.string(),
    filepath: z.string().optional(),
    filename: z.string().optional(),
    width: z.number().optional(),
    height: z.number().optional(),
  }),
});
/** An image by URL (OpenAI's shape). */
export const ImageUrlPart = z.object({
  type: z.literal('image_url'),
  image_url: z.object({ url: z.string(), detail: z.string().optional() }),
});
/** Which agent speaks from here on in a chain's reply (doc 1 §3). */
export const AgentUpdatePart = z.object({
  type: z.literal('agent_update'),
  agent_update: z.object({
    /** Index of the part where this agent's output starts. */
    index: z.number().int().nonnegative(),
    runId: z.string(),
    agentId: z.string(),
  }),
});
export const ContentPart = z.discriminatedUnion('type', [
  TextPart,
  AgentUpdatePart,
  ThinkPart,
  ErrorPart,
  ToolCallPart,
  ImageFilePart,
  ImageUrlPart,
]);
export type ContentPart = z.infer<typeof ContentPart>;

export const Message = z.object({
  messageId: z.string(),
  conversationId: z.string(),
  parentMessageId: z.string(),
  text: z.string(),
  content: z.array(ContentPart).optional(),
  /** Files shown with the message (uploads, or images it made). */
  files: z.array(MessageFile).optional(),
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
  /** The passages of attached files the reply was given, in the order it cites them as [n]. */
  citations: z.array(FileCitation).optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Message = z.infer<typeof Message>;

export const MessageList = z.array(Message);
