import type { ActiveGeneration, ChatRequest, ContentPart, Message, MessageFile } from '@parley/schema';
import { followChatStream, postChat, postChatApproval } from '../../../api/chat-stream.ts';
import type { SendSettings } from '../../../lib/chat-settings.ts';
import { uuid } from '../../../lib/uuid.ts';
import { answerText, thinkText } from '../message-parts.ts';
import { aliasConversation, getTreeStore, setTreeMeta, upsertMessages } from '../store/message-tree.ts';
import { seedFrom } from './frame-reducer.ts';
import { createRun, drive, getRun, isRunning, onFrameFor, requestAbort, resetRuns } from './run.ts';

/**
 * The chat actions: send, regenerate, reattach, stop. Each starts or steers a `Run` (run.ts),
 * which lives outside React so switching conversations never drops a reply.
 */

export { isRunning } from './run.ts';

function placeholderFor(o: {
  id: string;
  parentId: string;
  conversationId: string | null;
  endpoint: string;
  model: string;
  sender: string;
}): Message {
  const now = Date.now();
  return {
    messageId: o.id,
    conversationId: o.conversationId ?? '',
    parentMessageId: o.parentId,
    text: '',
    content: [],
    sender: o.sender,
    isCreatedByUser: false,
    error: false,
    unfinished: false,
    endpoint: o.endpoint,
    model: o.model,
    createdAt: now + 1,
    updatedAt: now + 1,
  };
}

/** The request fields for the settings; explicit fields win over parameters. */
function modelFields(s: SendSettings) {
  return {
    ...s.params,
    endpoint: s.endpoint,
    ...(s.endpointType ? { endpointType: s.endpointType } : {}),
    model: s.model,
    ...(s.spec ? { spec: s.spec } : {}),
    // An agent chat names its agent; the server runs the agent's own provider and model.
    ...(s.agent_id ? { agent_id: s.agent_id } : {}),
    // The composer badges' toggles (Deep Dive…), when any is on.
    ...(s.ephemeralAgent ? { ephemeralAgent: s.ephemeralAgent } : {}),
    // Settings → Artifacts: the artifact instructions the system prompt gets.
    ...(s.artifacts ? { artifacts: s.artifacts } : {}),
  };
}

/** What every action is sent with: the settings (endpoint, model, spec, parameters) and the reply's label. */
type WithSettings = { settings: SendSettings };

export type SendOptions = WithSettings & {
  key: string;
  text: string;
  conversationId: string | null;
  parentMessageId: string;
  /** A new chat that stays out of the history and search and expires (server retention). */
  isTemporary?: boolean;
  /** Uploaded files sent with the message; the user message shows them at once. */
  files?: MessageFile[];
};

/** Send a user message. Returns false when ignored (already submitting, empty text). */
export function sendMessage(o: SendOptions): boolean {
  const { settings } = o;
  if (isRunning(o.key) || o.text.trim() === '' || !settings.endpoint || !settings.model) return false;
  const userMessageId = uuid();
  const responseId = uuid();
  const now = Date.now();
  const clientTimestamp = new Date(now).toISOString();
  const userMessage: Message = {
    messageId: userMessageId,
    conversationId: o.conversationId ?? '',
    parentMessageId: o.parentMessageId,
    text: o.text,
    sender: 'User',
    isCreatedByUser: true,
    error: false,
    unfinished: false,
    endpoint: settings.endpoint,
    model: settings.model,
    clientTimestamp,
    createdAt: now,
    updatedAt: now,
    ...(o.files?.length ? { files: o.files } : {}),
  };
  const placeholder = placeholderFor({
    id: responseId,
    parentId: userMessageId,
    conversationId: o.conversationId,
    endpoint: settings.endpoint,
    model: settings.model,
    sender: settings.label,
  });
  const store = getTreeStore(o.key);
  setTreeMeta(store, { loaded: true });
  upsertMessages(store, [userMessage, placeholder], { localOnly: true });
  const run = createRun({
    key: o.key,
    placeholder,
    userMessageId,
    conversationId: o.conversationId,
    endpoint: settings.endpoint,
    isNew: o.conversationId == null,
  });
  const body: ChatRequest = {
    text: o.text,
    messageId: userMessageId,
    parentMessageId: o.parentMessageId,
    conversationId: o.conversationId,
    responseMessageId: responseId,
    clientTimestamp,
    ...modelFields(settings),
    isRegenerate: false,
    ...(o.files?.length
      ? { files: o.files.flatMap((f) => (f.file_id ? [{ file_id: f.file_id }] : [])) }
      : {}),
    ...(o.isTemporary && o.conversationId == null ? { isTemporary: true } : {}),
  };
  void drive(run, () => postChat(body, onFrameFor(run), run.controller.signal));
  return true;
}

export type EditResubmitOptions = Omit<SendOptions, 'parentMessageId'> & {
  /** The user message being edited; it stays, and the new text becomes its newest sibling. */
  edited: Message;
};

/**
 * "Save & Submit" on a user message (doc 2 §4.11): a new user message under the edited one's
 * parent, with a new reply: a new branch, shown as the newest sibling.
 */
export function editAndResubmit(o: EditResubmitOptions): boolean {
  if (!o.edited.isCreatedByUser) return false;
  const { edited, ...rest } = o;
  return sendMessage({ ...rest, parentMessageId: edited.parentMessageId });
}

export type RegenerateOptions = WithSettings & {
  key: string;
  conversationId: string;
  /** The user message whose reply is regenerated; the new reply becomes its newest child. */
  userMessage: Message;
};

export function regenerate(o: RegenerateOptions): boolean {
  const { settings } = o;
  if (isRunning(o.key) || !settings.endpoint || !settings.model) return false;
  const responseId = uuid();
  const placeholder = placeholderFor({
    id: responseId,
    parentId: o.userMessage.messageId,
    conversationId: o.conversationId,
    endpoint: settings.endpoint,
    model: settings.model,
    sender: settings.label,
  });
  const run = createRun({
    key: o.key,
    placeholder,
    userMessageId: o.userMessage.messageId,
    conversationId: o.conversationId,
    endpoint: settings.endpoint,
    isNew: false,
  });
  upsertMessages(run.store, [placeholder], { localOnly: true });
  const body: ChatRequest = {
    text: o.userMessage.text,
    messageId: o.userMessage.messageId,
    parentMessageId: o.userMessage.parentMessageId,
    conversationId: o.conversationId,
    responseMessageId: responseId,
    ...modelFields(settings),
    isRegenerate: true,
  };
  void drive(run, () => postChat(body, onFrameFor(run), run.controller.signal));
  return true;
}

export type ContinueOptions = WithSettings & {
  key: string;
  conversationId: string;
  /** The reply to continue (the latest message, cut off: finish_reason other than 'stop'). */
  response: Message;
  userMessage: Message;
};

/** Continue a cut-off reply (doc 3 §4): the new output is appended to the same message. */
export function continueReply(o: ContinueOptions): boolean {
  const { settings } = o;
  if (isRunning(o.key) || !settings.endpoint || !settings.model || o.response.isCreatedByUser) return false;
  const run = createRun({
    key: o.key,
    placeholder: o.response,
    userMessageId: o.userMessage.messageId,
    conversationId: o.conversationId,
    endpoint: settings.endpoint,
    isNew: false,
    continued: o.response,
    seed: seedFrom(o.response, answerText(o.response), thinkText(o.response)),
  });
  const body: ChatRequest = {
    text: o.userMessage.text,
    messageId: o.userMessage.messageId,
    parentMessageId: o.userMessage.parentMessageId,
    conversationId: o.conversationId,
    responseMessageId: o.response.messageId,
    ...modelFields(settings),
    isContinued: true,
  };
  void drive(run, () => postChat(body, onFrameFor(run), run.controller.signal));
  return true;
}

/** Reattach to a generation running on the server (reload, another tab): replay, then live. */
export function attachGeneration(key: string, generation: ActiveGeneration): void {
  if (isRunning(key)) return;
  const store = getTreeStore(key);
  const known = store.getState().byId.get(generation.responseMessageId);
  const placeholder =
    known ??
    placeholderFor({
      id: generation.responseMessageId,
      parentId: generation.userMessageId,
      conversationId: generation.conversationId,
      endpoint: '',
      model: '',
      sender: '',
    });
  // A run going on after a tool approval continues its saved reply: its steps extend those parts.
  const resumesApproval = known?.content?.some((p) => p.type === 'tool_call' && p.tool_call.approval);
  const run = createRun({
    key,
    placeholder: resumesApproval ? placeholder : { ...placeholder, text: '', content: [] },
    userMessageId: generation.userMessageId,
    conversationId: generation.conversationId,
    endpoint: placeholder.endpoint ?? '',
    isNew: false,
    ...(resumesApproval
      ? { seed: seedFrom(placeholder, answerText(placeholder), thinkText(placeholder)) }
      : {}),
  });
  aliasConversation(generation.conversationId, key);
  void drive(run, () => followChatStream(generation.streamId, null, onFrameFor(run), run.controller.signal));
}

export type ApprovalOptions = {
  key: string;
  conversationId: string;
  /** The paused reply holding the call. */
  message: Message;
  toolCallId: string;
  approved: boolean;
};

/** The reply with one call's approval answered (shown at once, before the server confirms). */
function withApproval(message: Message, toolCallId: string, approval: 'approved' | 'denied'): Message {
  const content = (message.content ?? []).map(
    (p): ContentPart =>
      p.type === 'tool_call' && p.tool_call.id === toolCallId
        ? { ...p, tool_call: { ...p.tool_call, approval } }
        : p,
  );
  return { ...message, content };
}

/**
 * Approve or deny a tool call a paused agent run waits on (POST /api/chat/approval). The run goes
 * on in the same reply, streamed and followed like any generation; if the request fails before
 * the server starts, the reply is put back as it was (still waiting). Returns false when ignored.
 */
export function answerApproval(o: ApprovalOptions): boolean {
  // The paused run's own stream ends with its final frame; until then (and while any other
  // reply generates here) the answer waits.
  if (isRunning(o.key)) return false;
  const answered = withApproval(o.message, o.toolCallId, o.approved ? 'approved' : 'denied');
  const run = createRun({
    key: o.key,
    placeholder: answered,
    userMessageId: o.message.parentMessageId,
    conversationId: o.conversationId,
    endpoint: o.message.endpoint ?? '',
    isNew: false,
    continued: o.message,
    seed: seedFrom(answered, answerText(answered), thinkText(answered)),
  });
  upsertMessages(run.store, [answered]);
  const body = {
    conversationId: o.conversationId,
    messageId: o.message.messageId,
    toolCallId: o.toolCallId,
    approved: o.approved,
  };
  void drive(run, () => postChatApproval(body, onFrameFor(run), run.controller.signal));
  return true;
}

/** Stop generating: POST /api/chat/abort; the partial reply is kept (unfinished). */
export async function stopGeneration(key: string): Promise<void> {
  const run = getRun(key);
  if (!run || run.finished) return;
  run.stopRequested = true;
  // Before `created`, a new chat is addressed as 'new'; if the server does not know the
  // generation yet, the abort is sent again once `created` names the conversation.
  await requestAbort(run);
}

/** Drop every run (logout). Server-side generations go on; they are simply no longer followed. */
export function resetStreams(): void {
  resetRuns();
}
