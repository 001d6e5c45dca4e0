import { z } from 'zod';
import { RUN_CODE_MAX_CHARS } from './code-run-langs.ts';
import { ToolCallAttachment } from './message.ts';

/**
 * Running a code block (doc 2 §3.10, §4.14, §5.8, §7; LibreChat's routes):
 * POST /api/agents/tools/:toolId/call with toolId `execute_code` runs one block of one reply in the
 * sandbox and stores the outcome as a tool-call record keyed by (messageId, partIndex, blockIndex);
 * GET /api/agents/tools/calls?conversationId= lists a conversation's records so results survive a
 * reload. The sandbox itself is server/src/code (docs/sandbox.md).
 */

export {
  countCodeFences,
  RUN_CODE_LANGS,
  RUN_CODE_MAX_CHARS,
  RUN_CODE_THROTTLE_MS,
  type RunCodeLang,
  runCodeLang,
} from './code-run-langs.ts';

export const CallToolParams = z.object({ toolId: z.string().min(1).max(128) });
export type CallToolParams = z.infer<typeof CallToolParams>;

/** POST /api/agents/tools/execute_code/call body (doc 2 §7). */
export const CallToolBody = z.object({
  messageId: z.string().min(1).max(128),
  conversationId: z.string().min(1).max(128),
  /** The content part of the reply the block is in (0 for a text-only reply). */
  partIndex: z.number().int().min(0).max(10_000),
  /**
   * The block's position among the code blocks of that part: the fences that open before it in
   * the part's text (countCodeFences).
   */
  blockIndex: z.number().int().min(0).max(10_000),
  lang: z.string().trim().min(1, 'The language is not recognised.').max(32),
  code: z
    .string()
    .max(RUN_CODE_MAX_CHARS, 'The code is too long to run.')
    .refine((c) => c.trim().length > 0, 'The code is empty.'),
});
export type CallToolBody = z.infer<typeof CallToolBody>;

/** How the run ended (server/src/code RunStatus). */
export const CodeRunStatus = z.enum(['ok', 'error', 'timeout', 'aborted', 'killed']);
export type CodeRunStatus = z.infer<typeof CodeRunStatus>;

/** The structured outcome of one run, for the block's result view. */
export const CodeRunOutcome = z.object({
  status: CodeRunStatus,
  exitCode: z.number().int().nullable(),
  stdout: z.string(),
  stderr: z.string(),
  /** stdout or stderr was cut. */
  truncated: z.boolean(),
  /** Why it ended so, in words, when not an ordinary exit. */
  reason: z.string().optional(),
  durationMs: z.number(),
});
export type CodeRunOutcome = z.infer<typeof CodeRunOutcome>;

/**
 * The call's answer (doc 2 §7: result and attachments). `result` is LibreChat's text form (what
 * the code printed, then any error); `run` is ours, for showing stdout/stderr/exit apart.
 */
export const CallToolResult = z.object({
  result: z.string(),
  attachments: z.array(ToolCallAttachment),
  run: CodeRunOutcome.optional(),
});
export type CallToolResult = z.infer<typeof CallToolResult>;

/** A stored tool-call record (doc 2 §3.10). */
export const ToolCallRecord = CallToolResult.extend({
  toolId: z.string(),
  messageId: z.string(),
  conversationId: z.string(),
  partIndex: z.number().int(),
  blockIndex: z.number().int(),
  createdAt: z.string(),
});
export type ToolCallRecord = z.infer<typeof ToolCallRecord>;

export const ToolCallsQuery = z.object({ conversationId: z.string().min(1).max(128) });
export const ToolCallsResponse = z.array(ToolCallRecord);
