import { z } from 'zod';
import { Conversation } from './conversation.ts';
import { ModelParameters } from './endpoints.ts';
import { Message, type ToolCall } from './message.ts';

/**
 * The composer's per-conversation tool toggles (doc 3 §3; LibreChat's `ephemeralAgent`): a plain
 * chat runs through the agent tool loop when one is on. `deep_dive` is ours (docs/decisions.md
 * "Deep Dive"); `execute_code` gives the code sandbox tool (with the run-code use permission);
 * other LibreChat keys (file_search, artifacts…) are dropped.
 */
export const EphemeralAgent = z.object({
  execute_code: z.boolean().optional(),
  web_search: z.boolean().optional(),
  deep_dive: z.boolean().optional(),
  mcp: z.array(z.string().max(256)).max(64).optional(),
});
export type EphemeralAgent = z.infer<typeof EphemeralAgent>;

/** POST /api/chat body (DESIGN §5): the user message + endpoint options + control flags. */
export const ChatRequest = z
  .object({
    text: z.string(),
    /** Client-chosen id of the new user message (or the existing one on regenerate). */
    messageId: z.string().uuid().optional(),
    parentMessageId: z.string().min(1),
    conversationId: z.string().nullish(),
    /** Client-chosen id of the response placeholder, so it can render before `created`. */
    responseMessageId: z.string().uuid().optional(),
    clientTimestamp: z.string().optional(),
    files: z.array(z.object({ file_id: z.string() })).optional(),
    endpoint: z.string().min(1),
    endpointType: z.string().optional(),
    model: z.string().min(1),
    spec: z.string().nullish(),
    agent_id: z.string().nullish(),
    assistant_id: z.string().nullish(),
    isRegenerate: z.boolean().optional(),
    isContinued: z.boolean().optional(),
    isTemporary: z.boolean().optional(),
    editedContent: z.unknown().optional(),
    ephemeralAgent: EphemeralAgent.nullish(),
    /**
     * The user's code artifacts setting (doc 3 §3 Settings → Artifacts; LibreChat's endpoint option):
     * which artifact instructions a plain chat's system prompt gets. Absent is off; an agent uses
     * its own mode.
     */
    artifacts: z.enum(['default', 'shadcnui', 'custom']).nullish(),
  })
  .extend(ModelParameters.shape);
export type ChatRequest = z.infer<typeof ChatRequest>;

export const AbortRequest = z.object({ abortKey: z.string().min(1), endpoint: z.string().optional() });
export type AbortRequest = z.infer<typeof AbortRequest>;

/** GET /api/chat/stream/:streamId */
export const StreamParams = z.object({ streamId: z.string().min(1).max(64) });

/**
 * A chat error as a value (doc 2 §8.3): the fields of LibreChat's error JSON. It travels typed in
 * the SSE error frame (`chatError`) and in a chat limit's HTTP error (`error.details`); only a
 * stored reply holds it as text (chat-errors.ts: `chatErrorText` / `parseChatErrorText`).
 * Without a `type` it is a plain text error, its text in `info`.
 */
export const ChatError = z.object({
  /** A `ChatErrorTypes` value, or another LibreChat type from an import. */
  type: z.string().optional(),
  /** Some LibreChat errors name their type `code`. */
  code: z.string().optional(),
  /** The provider's own words, or the text of a plain error. */
  info: z.string().optional(),
  message: z.string().optional(),
  /** concurrent: replies at a time. */
  limit: z.number().optional(),
  /** message_limit: messages per window. */
  max: z.number().optional(),
  windowInMinutes: z.number().optional(),
  /** expired_user_key: the endpoint and when its key expired. */
  endpoint: z.string().optional(),
  expiredAt: z.string().optional(),
});
export type ChatError = z.infer<typeof ChatError>;

/**
 * POST /api/chat/abort: the stopped reply as saved, the same fields as the `final` frame, with the
 * conversation id at the top (doc 1 §7).
 */
export const AbortResult = z.object({
  conversationId: z.string(),
  final: z.literal(true),
  conversation: Conversation,
  requestMessage: Message,
  responseMessage: Message,
  title: z.string().optional(),
});
export type AbortResult = z.infer<typeof AbortResult>;

/** GET /api/chat/active */
export const ActiveGeneration = z.object({
  streamId: z.string(),
  conversationId: z.string(),
  userMessageId: z.string(),
  responseMessageId: z.string(),
  createdAt: z.number(),
});
export type ActiveGeneration = z.infer<typeof ActiveGeneration>;
export const ActiveGenerations = z.object({ generations: z.array(ActiveGeneration) });

/** SSE frames (DESIGN §5). Every frame is sent as `id: <seq>` + `data: <json>`. */
export type CreatedFrame = {
  created: true;
  streamId: string;
  message: Message;
  responseMessage: Message;
  conversation: Conversation;
};
export type MessageDeltaFrame = {
  event: 'on_message_delta';
  data: { id: string; delta: { content: [{ type: 'text'; text: string }] } };
};
export type ReasoningDeltaFrame = {
  event: 'on_reasoning_delta';
  data: { id: string; delta: { content: [{ type: 'think'; think: string }] } };
};
/**
 * Agent run steps (doc 1 §4; LibreChat's graph events). A step is one content part of the reply at
 * `index`: text the model writes (`message_creation`) or one tool call (`tool_calls`). Text deltas
 * of a step arrive as `on_message_delta` / `on_reasoning_delta` with the step's id; a plain chat's
 * deltas carry the response message id instead and always extend its one text part.
 */
export type RunStep = {
  id: string;
  /** The response message id. */
  runId: string;
  /** The agent whose step this is (a chain has several). */
  agentId?: string;
  /** The content part this step fills. */
  index: number;
  /** Model call number within the run, from 0. */
  stepIndex: number;
  type: 'message_creation' | 'tool_calls';
  stepDetails:
    | { type: 'message_creation'; message_creation: { message_id: string } }
    | { type: 'tool_calls'; tool_calls: ToolCallStep[] };
};
/** A tool call as a run step carries it; `args` is JSON text. */
export type ToolCallStep = { id: string; name: string; args: string; type: 'tool_call' };
export type RunStepFrame = { event: 'on_run_step'; data: RunStep };
/**
 * Argument text of a step's tool call as the model writes it; then, while the tool runs, its
 * progress (0..1, beyond LibreChat's frames: a delta with `progress` and no `args`). A call that
 * waits for the user to sign in (an action's OAuth) gets LibreChat's `auth` (the sign-in link) and
 * `expires_at` (ms) beside its tool_calls; `auth: ''` takes the link down once signed in.
 */
export type RunStepDeltaFrame = {
  event: 'on_run_step_delta';
  data: {
    id: string;
    delta: {
      type: 'tool_calls';
      tool_calls: { id: string; name?: string; args?: string; progress?: number; type?: 'tool_call' }[];
      auth?: string;
      expires_at?: number;
    };
  };
};
/** A tool call ended: its output (or error text) and progress 1. */
export type RunStepCompletedFrame = {
  event: 'on_run_step_completed';
  data: { result: { id: string; index: number; type: 'tool_call'; tool_call: ToolCall } };
};
/** A chain moved on to the next agent; its output starts at content part `index`. */
export type AgentUpdateFrame = {
  event: 'on_agent_update';
  data: { runId: string; agentId: string; index: number };
};
/** A tool call waits for the user's approval (POST /api/chat/approval); the run pauses. */
export type PendingActionFrame = {
  event: 'on_pending_action';
  data: { runId: string; index: number; tool_call: ToolCall };
};
export type RunFrame =
  | RunStepFrame
  | RunStepDeltaFrame
  | RunStepCompletedFrame
  | AgentUpdateFrame
  | PendingActionFrame;

export type TitleFrame = { event: 'title'; data: { conversationId: string; title: string } };
export type FinalFrame = {
  final: true;
  conversation: Conversation;
  requestMessage: Message;
  responseMessage: Message;
  title?: string;
};
export type ErrorFrame = {
  error: true;
  /** The error as LibreChat sends it: `chatError` as text (JSON with a `type`, doc 2 §8.3). */
  message: string;
  /** The error as a value; clients render this one. */
  chatError: ChatError;
  responseMessage?: Message;
  conversation?: Conversation;
};
export type SseFrame =
  | CreatedFrame
  | MessageDeltaFrame
  | ReasoningDeltaFrame
  | RunFrame
  | TitleFrame
  | FinalFrame
  | ErrorFrame;
