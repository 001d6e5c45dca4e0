import {
  type ChatError,
  type ContentPart,
  type Conversation,
  chatErrorText,
  type Message,
  type SseFrame,
} from '@parley/schema';

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
  /** Accumulated deltas (DESIGN §5: the wire carries deltas only). */
  text: string;
  think: string;
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
    title: null,
    phase: 'waiting',
    error: null,
  };
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
        let text = acc.text;
        for (const part of frame.data?.delta?.content ?? []) if (part?.type === 'text') text += part.text;
        return { ...base, text, phase: 'streaming' };
      }
      case 'on_reasoning_delta': {
        let think = acc.think;
        for (const part of frame.data?.delta?.content ?? []) if (part?.type === 'think') think += part.think;
        return { ...base, think, phase: 'streaming' };
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
    if (server.text || (server.content && server.content.length > 0) || !acc.text) return server;
    return withParts(server, acc.text, acc.think);
  }
  if (acc.phase === 'error') {
    // The message store holds replies as the server stores them: the error as LibreChat's text
    // (what the saved reply in the error frame has too).
    const text = acc.error ? chatErrorText(acc.error) : server.text;
    // Keep what streamed before the error: the server's saved parts, else the streamed text.
    const saved = acc.response?.content?.some((p) => p.type === 'error') ? acc.response.content : undefined;
    const streamed: ContentPart[] | undefined = acc.text
      ? [...withParts(server, acc.text, acc.think).content!, { type: 'error', error: text }]
      : undefined;
    return { ...server, error: true, unfinished: false, text, content: saved ?? streamed };
  }
  return withParts(server, acc.text, acc.think);
}

function withParts(message: Message, text: string, think: string): Message {
  const content: ContentPart[] = [];
  if (think) content.push({ type: 'think', think });
  content.push({ type: 'text', text });
  return { ...message, text, content };
}
