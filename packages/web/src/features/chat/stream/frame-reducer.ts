import {
  type ChatError,
  type ContentPart,
  type Conversation,
  chatErrorText,
  type Message,
  type RunFrame,
  type SseFrame,
} from '@parley/schema';
import {
  appendStepText,
  applyRunFrame,
  RUN_EVENTS,
  type RunParts,
  runContent,
  runPartsFrom,
  runPartsFromText,
} from './run-parts.ts';

/**
 * What one generation's stream has told us so far. Pure data: `reduceFrame` folds frames into it,
 * the stream manager writes the result into the message store once per animation frame.
 */
export type StreamAccumulator = {
  /** Highest applied `id:`; frames at or below it are replays and are ignored. */
  lastSeq: number;
  streamId: string | null;
  conversation: Conversation | null;
  request: Message | null;
  response: Message | null;
  /** Accumulated deltas (DESIGN §5: the wire carries deltas only); an agent run's all text too. */
  text: string;
  think: string;
  /**
   * An agent run's content parts by step (run-parts.ts); null for a plain chat, whose reply is
   * the one text (and think) above, appended per delta.
   */
  run: RunParts | null;
  title: string | null;
  phase: 'waiting' | 'streaming' | 'final' | 'error';
  error: ChatError | null;
};

export function initialAccumulator(): StreamAccumulator {
  return {
    lastSeq: -1,
    streamId: null,
    conversation: null,
    request: null,
    response: null,
    text: '',
    think: '',
    run: null,
    title: null,
    phase: 'waiting',
    error: null,
  };
}

/** What a stream starts from: nothing, or the saved reply it continues (continue, approval). */
export type AccumulatorSeed = Pick<StreamAccumulator, 'text' | 'think' | 'run'>;

export const EMPTY_SEED: AccumulatorSeed = { text: '', think: '', run: null };

/**
 * The seed for a stream that continues `message`: its text and reasoning, and, for a reply with
 * tool calls or a chain's agents, its parts, which the run's steps extend by index.
 */
export function seedFrom(message: Message, answer: string, think: string): AccumulatorSeed {
  const content = message.content ?? [];
  const rich = content.some((p) => p.type === 'tool_call' || p.type === 'agent_update');
  return { text: answer, think, run: rich ? runPartsFrom(content) : null };
}

export function isTerminal(acc: StreamAccumulator): boolean {
  return acc.phase === 'final' || acc.phase === 'error';
}

/** Fold one frame into the accumulator. Returns the same object when the frame changes nothing. */
export function reduceFrame(acc: StreamAccumulator, frame: SseFrame, seq: number | null): StreamAccumulator {
  if (seq !== null && seq <= acc.lastSeq) return acc;
  const base = seq !== null ? { ...acc, lastSeq: seq } : { ...acc };

  if ('final' in frame && frame.final) {
    // A second final (the abort reply and the stream's own) simply confirms the first.
    return {
      ...base,
      phase: 'final',
      conversation: frame.conversation ?? acc.conversation,
      request: frame.requestMessage ?? acc.request,
      response: frame.responseMessage ?? acc.response,
      title: frame.title ?? acc.title,
    };
  }
  if (isTerminal(acc)) return seq !== null ? { ...acc, lastSeq: Math.max(acc.lastSeq, seq) } : acc;

  if ('created' in frame && frame.created) {
    return {
      ...base,
      phase: 'streaming',
      streamId: frame.streamId ?? acc.streamId,
      conversation: frame.conversation ?? acc.conversation,
      request: frame.message ?? acc.request,
      response: frame.responseMessage ?? acc.response,
    };
  }
  if ('error' in frame && frame.error) {
    return {
      ...base,
      phase: 'error',
      error: frame.chatError,
      response: frame.responseMessage ?? acc.response,
      conversation: frame.conversation ?? acc.conversation,
    };
  }
  if ('event' in frame) {
    switch (frame.event) {
      case 'on_message_delta': {
        let delta = '';
        for (const part of frame.data?.delta?.content ?? []) if (part?.type === 'text') delta += part.text;
        // A plain chat: one string append; an agent run also extends its step's part.
        const run = acc.run && appendStepText(acc.run, frame.data?.id, 'text', delta);
        return { ...base, text: acc.text + delta, run, phase: 'streaming' };
      }
      case 'on_reasoning_delta': {
        let delta = '';
        for (const part of frame.data?.delta?.content ?? []) if (part?.type === 'think') delta += part.think;
        const run = acc.run && appendStepText(acc.run, frame.data?.id, 'think', delta);
        return { ...base, think: acc.think + delta, run, phase: 'streaming' };
      }
      case 'title': {
        const title = frame.data?.title ?? null;
        return {
          ...base,
          title,
          conversation: acc.conversation && title ? { ...acc.conversation, title } : acc.conversation,
        };
      }
      default:
        if (RUN_EVENTS.has(frame.event)) {
          // The first run frame turns the reply into parts; what streamed as plain text stays first.
          const from = acc.run ?? runPartsFromText(acc.text, acc.think);
          const run = applyRunFrame(from, frame as RunFrame);
          return run === acc.run ? (seq !== null ? base : acc) : { ...base, run, phase: 'streaming' };
        }
        return seq !== null ? base : acc;
    }
  }
  return seq !== null ? base : acc;
}

/**
 * The response message to show for the current accumulator, built on `placeholder` (the local
 * message created at send time) until the server's version is known.
 */
export function responseView(acc: StreamAccumulator, placeholder: Message): Message {
  const server = acc.response ?? placeholder;
  if (acc.phase === 'final') {
    // The final message is authoritative; fall back to streamed text if it came without any.
    if (server.text || (server.content && server.content.length > 0)) return server;
    if (acc.run) return withRun(server, acc);
    return acc.text ? withParts(server, acc.text, acc.think) : server;
  }
  if (acc.phase === 'error') {
    // The message store holds replies as the server stores them: the error as LibreChat's text
    // (what the saved reply in the error frame has too).
    const text = acc.error ? chatErrorText(acc.error) : server.text;
    // Keep what streamed before the error: the server's saved parts, else the streamed text.
    const saved = acc.response?.content?.some((p) => p.type === 'error') ? acc.response.content : undefined;
    const before = acc.run
      ? runContent(acc.run)
      : acc.text
        ? withParts(server, acc.text, acc.think).content!
        : [];
    const streamed: ContentPart[] | undefined =
      before.length > 0 ? [...before, { type: 'error', error: text }] : undefined;
    return { ...server, error: true, unfinished: false, text, content: saved ?? streamed };
  }
  return acc.run ? withRun(server, acc) : withParts(server, acc.text, acc.think);
}

/** An agent run's reply: its parts in order (only the list is new, not the parts). */
function withRun(message: Message, acc: StreamAccumulator): Message {
  return { ...message, text: acc.text, content: runContent(acc.run!) };
}

function withParts(message: Message, text: string, think: string): Message {
  const content: ContentPart[] = [];
  if (think) content.push({ type: 'think', think });
  content.push({ type: 'text', text });
  return { ...message, text, content };
}
