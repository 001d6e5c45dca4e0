import type { EncodeContext, Frame, StreamEncoder, WholeReply } from '../dialect.ts';
import { bedrockStreamException } from '../errors/bedrock.ts';
import type { FinishReason } from '../script.ts';
import { fragments } from '../tokens.ts';
import { thinkingSignature } from './anthropic.ts';
import { breakMessageCrc, decodeMessage, EVENTSTREAM_CONTENT_TYPE, encodeMessage } from './eventstream.ts';

const STOP: Record<FinishReason, string> = {
  stop: 'end_turn',
  length: 'max_tokens',
  tool: 'tool_use',
  content_filter: 'content_filtered',
};

const PAD_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** The real service pads event payloads with `"p":"abc…"` (to hide lengths); clients drop it. */
const pad = (n: number) => PAD_ALPHABET.slice(0, 1 + (n % PAD_ALPHABET.length));

export function eventFrame(type: string, payload: Record<string, unknown>): Buffer {
  const body = { ...payload, p: pad(JSON.stringify(payload).length) };
  return encodeMessage(
    { ':event-type': type, ':content-type': 'application/json', ':message-type': 'event' },
    JSON.stringify(body),
  );
}

export function exceptionFrame(type: string, message: string): Buffer {
  return encodeMessage(
    { ':exception-type': type, ':content-type': 'application/json', ':message-type': 'exception' },
    JSON.stringify({ message }),
  );
}

const redactedData = (text: string) => Buffer.from(`redacted:${text}`).toString('base64');

/**
 * Bedrock ConverseStream (§6): binary event-stream frames. Text and reasoning blocks open with their
 * first delta (no contentBlockStart); tool blocks open with contentBlockStart; reasoning blocks end
 * with a `signature` delta; then messageStop and metadata (usage + metrics).
 */
export function bedrockStream(ctx: EncodeContext): StreamEncoder {
  let index = -1;
  let open: { type: 'reasoning' | 'text'; text: string; signature?: string; redacted?: boolean } | null =
    null;
  const t0 = Date.now();

  const delta = (d: Record<string, unknown>) =>
    eventFrame('contentBlockDelta', { contentBlockIndex: index, delta: d });
  const close = (): Frame[] => {
    if (!open) return [];
    const frames: Frame[] = [];
    if (open.type === 'reasoning' && !open.redacted)
      frames.push(delta({ reasoningContent: { signature: open.signature ?? thinkingSignature(open.text) } }));
    frames.push(eventFrame('contentBlockStop', { contentBlockIndex: index }));
    open = null;
    return frames;
  };
  const ensure = (type: 'reasoning' | 'text', redacted = false): Frame[] => {
    if (open?.type === type && !open.redacted && !redacted) return [];
    const frames = close();
    index++;
    open = { type, text: '', redacted };
    return frames;
  };

  return {
    contentType: EVENTSTREAM_CONTENT_TYPE,
    start: () => [eventFrame('messageStart', { role: 'assistant' })],
    reasoning(text, meta) {
      const frames = ensure('reasoning', meta.redacted === true);
      const block = open as NonNullable<typeof open>;
      if (meta.redacted) {
        frames.push(delta({ reasoningContent: { redactedContent: redactedData(text) } }));
        return frames;
      }
      block.text += text;
      if (meta.signature) block.signature = meta.signature;
      frames.push(delta({ reasoningContent: { text } }));
      return frames;
    },
    text(text) {
      const frames = ensure('text');
      frames.push(delta({ text }));
      return frames;
    },
    toolCall(call) {
      const frames = close();
      index++;
      frames.push(
        eventFrame('contentBlockStart', {
          contentBlockIndex: index,
          start: { toolUse: { toolUseId: call.id ?? ctx.ids('tooluse_', 22), name: call.name } },
        }),
        ...fragments(JSON.stringify(call.args)).map((input) => delta({ toolUse: { input } })),
        eventFrame('contentBlockStop', { contentBlockIndex: index }),
      );
      return frames;
    },
    finish(reason) {
      const { input, output, reasoning, cacheRead } = ctx.usage;
      const outputTokens = output + reasoning;
      return [
        ...close(),
        eventFrame('messageStop', { stopReason: STOP[reason] }),
        eventFrame('metadata', {
          usage: {
            inputTokens: input,
            outputTokens,
            totalTokens: input + outputTokens,
            ...(cacheRead ? { cacheReadInputTokens: cacheRead, cacheWriteInputTokens: 0 } : {}),
          },
          metrics: { latencyMs: Math.max(1, Date.now() - t0) },
        }),
      ];
    },
    // Mid-stream (§6d): an `exception` frame typed by `:exception-type`, then the stream ends.
    error(kind, info) {
      const e = bedrockStreamException(kind, info);
      return { frames: [exceptionFrame(e.type, e.message)] };
    },
    // Valid framing and CRCs around JSON cut in half: the client's JSON parse fails.
    malformed(frame) {
      if (typeof frame === 'string') return frame;
      const { headers, payload } = decodeMessage(frame);
      return encodeMessage(headers, payload.subarray(0, Math.ceil(payload.length / 2)));
    },
    badCrc: (frame) => (typeof frame === 'string' ? frame : breakMessageCrc(frame)),
  };
}

/** Converse (non-streaming) response body. */
export function bedrockWhole(reply: WholeReply, ctx: EncodeContext) {
  const content: object[] = reply.reasoning.map((r) =>
    r.redacted
      ? { reasoningContent: { redactedContent: redactedData(r.text) } }
      : {
          reasoningContent: {
            reasoningText: { text: r.text, signature: r.signature ?? thinkingSignature(r.text) },
          },
        },
  );
  if (reply.text) content.push({ text: reply.text });
  for (const c of reply.toolCalls)
    content.push({ toolUse: { toolUseId: c.id ?? ctx.ids('tooluse_', 22), name: c.name, input: c.args } });
  const { input, output, reasoning } = ctx.usage;
  return {
    output: { message: { role: 'assistant', content } },
    stopReason: STOP[reply.finish],
    usage: { inputTokens: input, outputTokens: output + reasoning, totalTokens: input + output + reasoning },
    metrics: { latencyMs: 1 },
  };
}
