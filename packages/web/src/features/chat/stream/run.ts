import {
  type ChatError,
  CONNECTION_ERROR,
  DEFAULT_TITLE,
  formatChatError,
  type Message,
  NEW_CONVO,
  PENDING_CONVO,
  type SseFrame,
  TITLE_GENERATION_DELAY_MS,
  textChatError,
} from '@parley/schema';
import { toast } from 'sonner';
import { balanceKeys } from '../../../api/balance.ts';
import { abortChat, followChatStream } from '../../../api/chat-stream.ts';
import { ApiError } from '../../../api/client.ts';
import { fetchGeneratedTitle, patchConvoInCaches, upsertConvoInCaches } from '../../../api/convos.ts';
import { messagesQuery } from '../../../api/messages.ts';
import { queryClient } from '../../../api/query-client.ts';
import { t } from '../../../i18n/t.ts';
import { clearDraft } from '../drafts.ts';
import {
  aliasConversation,
  getTreeStore,
  loadMessages,
  removeMessages,
  setPinned,
  setTreeMeta,
  type TreeStore,
  upsertMessages,
} from '../store/message-tree.ts';
import { useStreams } from '../store/stream-status.ts';
import { createFrameBatcher, type FrameBatcher } from './frame-batcher.ts';
import {
  type AccumulatorSeed,
  EMPTY_SEED,
  initialAccumulator,
  isTerminal,
  reduceFrame,
  responseView,
  type StreamAccumulator,
} from './frame-reducer.ts';
import { forgetPendingNew, rememberPendingNew } from './pending-new.ts';

/**
 * Runs generations for the client: one `Run` per conversation (tree key). A run outlives the
 * component that started it, so switching conversations never drops a reply, and it survives
 * network drops by reconnecting with Last-Event-ID (DESIGN §5).
 */

type QueuedFrame = { frame: SseFrame; seq: number | null };

export type Run = {
  key: string;
  store: TreeStore;
  acc: StreamAccumulator;
  placeholder: Message;
  userMessageId: string;
  responseMessageId: string;
  conversationId: string | null;
  endpoint: string;
  /** First exchange of a new conversation: the URL moves and a title is fetched afterwards. */
  isNew: boolean;
  stopRequested: boolean;
  abortSent: boolean;
  createdHandled: boolean;
  writtenRequest: Message | null;
  appliedTitle: string | null;
  finished: boolean;
  controller: AbortController;
  batcher: FrameBatcher<QueuedFrame>;
  /** Continue: the saved reply the stream appends to, put back if the request fails early. */
  continued: Message | null;
  /** What the streamed text, thinking and parts start from (a continued reply's own). */
  seed: AccumulatorSeed;
};

const runs = new Map<string, Run>();
const MAX_RECONNECTS = 5;

export function isRunning(key: string): boolean {
  return runs.has(key);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function createRun(init: {
  key: string;
  placeholder: Message;
  userMessageId: string;
  conversationId: string | null;
  endpoint: string;
  isNew: boolean;
  continued?: Message;
  seed?: AccumulatorSeed;
}): Run {
  const seed = init.seed ?? EMPTY_SEED;
  const run: Run = {
    ...init,
    store: getTreeStore(init.key),
    acc: { ...initialAccumulator(), ...seed },
    continued: init.continued ?? null,
    seed,
    responseMessageId: init.placeholder.messageId,
    stopRequested: false,
    abortSent: false,
    createdHandled: false,
    writtenRequest: null,
    appliedTitle: null,
    finished: false,
    controller: new AbortController(),
    batcher: createFrameBatcher<QueuedFrame>((batch) => applyBatch(run, batch)),
  };
  runs.set(run.key, run);
  setPinned(run.store, run.responseMessageId, true);
  publishStatus(run, run.conversationId ? 'streaming' : 'submitting');
  return run;
}

function publishStatus(run: Run, phase: 'submitting' | 'streaming'): void {
  useStreams.getState().set(run.key, {
    phase,
    conversationId: run.conversationId,
    userMessageId: run.userMessageId,
    responseMessageId: run.responseMessageId,
  });
}

export function onFrameFor(run: Run) {
  return (frame: SseFrame, seq: number | null) => {
    if (run.finished) return;
    run.batcher.push({ frame, seq });
    // Structural frames go out at once; only deltas wait for the next animation frame.
    if (!('event' in frame) || frame.event === 'title') run.batcher.flushNow();
  };
}

function applyBatch(run: Run, batch: QueuedFrame[]): void {
  if (run.finished) return;
  let acc = run.acc;
  for (const { frame, seq } of batch) acc = reduceFrame(acc, frame, seq);
  if (acc === run.acc) return;
  run.acc = acc;

  if (!run.createdHandled && acc.request && (acc.conversation || acc.request.conversationId))
    handleCreated(run);

  const conversationId = run.conversationId;
  if (acc.title && acc.title !== run.appliedTitle && conversationId) {
    run.appliedTitle = acc.title;
    patchConvoInCaches(queryClient, conversationId, { title: acc.title });
  }

  const writes: Message[] = [];
  if (acc.request && acc.request !== run.writtenRequest) {
    run.writtenRequest = acc.request;
    writes.push(withSentFiles(acc.request, run.store.getState().byId.get(acc.request.messageId)));
  }
  writes.push(responseView(acc, run.placeholder));
  // Until `created`, the server holds neither message (an early error frame, for instance).
  upsertMessages(run.store, writes, { localOnly: !run.createdHandled });

  if (isTerminal(acc)) finish(run);
}

/**
 * The server's copy of the question, keeping the files it was sent with when that copy names
 * none: the question shows its attachments from the moment it is sent (issue 14), whether or not
 * the server echoes them.
 */
export function withSentFiles(server: Message, local: Message | undefined): Message {
  if (server.files?.length || !local?.files?.length) return server;
  return { ...server, files: local.files };
}

function handleCreated(run: Run): void {
  const { acc, store } = run;
  run.createdHandled = true;
  const conversationId = acc.conversation?.conversationId ?? acc.request?.conversationId ?? null;
  run.conversationId = conversationId;
  if (conversationId) {
    setTreeMeta(store, { conversationId });
    aliasConversation(conversationId, run.key);
  }
  // The server normally keeps our client ids; if it chose its own, swap the local copies out.
  const stale: string[] = [];
  if (acc.request && acc.request.messageId !== run.userMessageId) {
    stale.push(run.userMessageId);
    run.userMessageId = acc.request.messageId;
  }
  if (acc.response && acc.response.messageId !== run.responseMessageId) {
    stale.push(run.responseMessageId);
    setPinned(store, run.responseMessageId, false);
    run.responseMessageId = acc.response.messageId;
    setPinned(store, run.responseMessageId, true);
  }
  if (stale.length > 0) removeMessages(store, stale);
  if (acc.conversation) upsertConvoInCaches(queryClient, acc.conversation);
  if (run.isNew && acc.streamId && conversationId) rememberPendingNew(acc.streamId, conversationId);
  publishStatus(run, 'streaming');
  if (run.stopRequested) void requestAbort(run);
}

function finish(run: Run): void {
  if (run.finished) return;
  run.finished = true;
  run.batcher.cancel();
  runs.delete(run.key);
  setPinned(run.store, run.responseMessageId, false);
  useStreams.getState().set(run.key, null);
  // The reader has nothing more to deliver; release the connection (the generation is done).
  run.controller.abort();

  const { acc } = run;
  const conversationId = run.conversationId;
  if (acc.conversation) upsertConvoInCaches(queryClient, acc.conversation);
  // The reply was charged (or refused for lack of credits): show the new balance.
  void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
  if (conversationId) {
    forgetPendingNew(conversationId);
    void queryClient.invalidateQueries({
      queryKey: messagesQuery(conversationId).queryKey,
      refetchType: 'none',
    });
  }
  if (run.isNew && conversationId) useStreams.getState().markCompletedNew(run.key, conversationId);
  // The final event clears that conversation's drafts, and the one kept while it was pending (doc 1 §4).
  if (acc.phase === 'final' && conversationId) {
    clearDraft(conversationId);
    if (run.isNew) clearDraft(PENDING_CONVO);
  }
  const title = acc.conversation?.title;
  if (acc.phase === 'final' && conversationId && (run.isNew || !title || title === DEFAULT_TITLE)) {
    scheduleTitle(conversationId);
  }
}

/** A new conversation's title is asked for 2.5 s after the first exchange (doc 1 §4). */
function scheduleTitle(conversationId: string): void {
  setTimeout(() => {
    void fetchGeneratedTitle(conversationId).then((title) => {
      // A rename made meanwhile (it shows at once, before the server has it) is kept.
      if (title) patchConvoInCaches(queryClient, conversationId, { title }, (c) => c.title === DEFAULT_TITLE);
    });
  }, TITLE_GENERATION_DELAY_MS);
}

/** End a run with an error message in the thread (a failure outside the stream). */
function failRun(run: Run, error: ChatError): void {
  if (run.finished) return;
  run.batcher.flushNow();
  if (run.finished) return;
  if (run.continued && !run.createdHandled) {
    // The server never started: the saved reply is unchanged, so show it again with the reason.
    upsertMessages(run.store, [run.continued]);
    // Worded like an error in the thread (doc 2 §8.3); before issue 12 a chat limit showed its JSON.
    toast.error(formatChatError(error));
    finish(run);
    return;
  }
  run.acc = { ...run.acc, phase: 'error', error };
  upsertMessages(run.store, [responseView(run.acc, run.placeholder)], {
    localOnly: !run.createdHandled,
  });
  finish(run);
}

/** A refused request as a chat error: a chat limit's own (`error.details`), else its text. */
function apiChatError(error: ApiError): ChatError {
  if (error.details) return error.details;
  if (error.status === 401) return textChatError(t('com_ui_token_refresh_failed'));
  if (error.code === 'http_error')
    return textChatError(t('com_ui_unexpected_status', { status: error.status }));
  return textChatError(error.message);
}

/** The generation is gone (finished and expired, or the server restarted): reload from the server. */
async function resyncFromServer(run: Run): Promise<void> {
  const conversationId = run.conversationId;
  setPinned(run.store, run.responseMessageId, false);
  if (conversationId) {
    try {
      const messages = await queryClient.fetchQuery(messagesQuery(conversationId));
      loadMessages(run.store, messages);
      run.acc = { ...run.acc, phase: 'final' };
      finish(run);
      return;
    } catch {
      // fall through to the error
    }
  }
  failRun(run, CONNECTION_ERROR);
}

export async function drive(run: Run, first: () => Promise<void>): Promise<void> {
  let open = first;
  let attempts = 0;
  for (;;) {
    const seqBefore = run.acc.lastSeq;
    try {
      await open();
    } catch (error) {
      if (run.finished || run.controller.signal.aborted) return;
      if (error instanceof ApiError) {
        run.batcher.flushNow();
        if (run.finished) return;
        if (run.acc.streamId && error.status === 404) return resyncFromServer(run);
        const transient = error.status === 502 || error.status === 503 || error.status === 504;
        if (!transient || !run.acc.streamId) return failRun(run, apiChatError(error));
      }
      // Otherwise a network failure: reconnect below.
    }
    if (run.controller.signal.aborted) return;
    run.batcher.flushNow();
    if (run.finished) return;
    // The stream closed without a final frame: a network drop. Resume from the last seen frame.
    const streamId = run.acc.streamId;
    if (!streamId) return failRun(run, CONNECTION_ERROR);
    if (run.acc.lastSeq > seqBefore) attempts = 0;
    attempts += 1;
    if (attempts > MAX_RECONNECTS) return failRun(run, CONNECTION_ERROR);
    await delay(Math.min(500 * 2 ** (attempts - 1), 5000));
    if (run.finished || run.controller.signal.aborted) return;
    if (run.acc.lastSeq < 0) {
      // Frames without ids cannot be resumed mid-way: replay from the start into fresh text.
      run.acc = { ...run.acc, ...run.seed };
    }
    open = () =>
      followChatStream(
        streamId,
        run.acc.lastSeq >= 0 ? run.acc.lastSeq : null,
        onFrameFor(run),
        run.controller.signal,
      );
  }
}

/** POST /api/chat/abort for a run; the final payload it returns ends the run. */
export async function requestAbort(run: Run): Promise<void> {
  if (run.abortSent || run.finished) return;
  const conversationId = run.conversationId ?? (run.isNew ? NEW_CONVO : null);
  if (!conversationId) return;
  run.abortSent = true;
  try {
    const final = await abortChat({
      abortKey: `${conversationId}:${run.userMessageId}`,
      endpoint: run.endpoint || undefined,
    });
    if (final && !run.finished) {
      run.batcher.push({ frame: final, seq: null });
      run.batcher.flushNow();
    } else if (!final && conversationId === NEW_CONVO) {
      // Too early: the server had not registered it. Retry now if `created` came meanwhile,
      // otherwise `created` will.
      run.abortSent = false;
      if (run.createdHandled && !run.finished) void requestAbort(run);
    }
  } catch {
    run.abortSent = false;
    toast.error(t('com_ui_cancel_error'));
  }
}

export function getRun(key: string): Run | undefined {
  return runs.get(key);
}

/** Drop every run (logout). Server-side generations go on; they are simply no longer followed. */
export function resetRuns(): void {
  for (const run of runs.values()) {
    run.finished = true;
    run.batcher.cancel();
    run.controller.abort();
  }
  runs.clear();
  useStreams.getState().reset();
}
