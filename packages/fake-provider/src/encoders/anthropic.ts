import type { EncodeContext, Frame, StreamEncoder, WholeReply } from '../dialect.ts';
import { anthropicErrorObject } from '../errors/anthropic.ts';
import { sha256Hex } from '../prng.ts';
import type { FinishReason } from '../script.ts';
import { fragments } from '../tokens.ts';
import { eventFrame, SSE_CONTENT_TYPE } from '../transport/sse.ts';

const STOP: Record<FinishReason, string> = {
  stop: 'end_turn',
  length: 'max_tokens',
  tool: 'tool_use',
  content_filter: 'refusal',
};

/** An opaque, stable stand-in for Anthropic's thinking signature. */
export const thinkingSignature = (text: string) =>
  `Ev${Buffer.from(sha256Hex(`thinking:${text}`), 'hex').toString('base64')}`;

const redactedData = (text: string) =>
  `EmwK${Buffer.from(sha256Hex(`redacted:${text}`), 'hex').toString('base64')}`;

/**
 * Anthropic Messages stream (§4): every event has an `event:` line; content blocks open, take
 * deltas and close; thinking blocks end with one `signature_delta`.
 */
export function anthropicStream(ctx: EncodeContext): StreamEncoder {
  const ev = (type: string, data: object = {}): Frame => eventFrame(type, { type, ...data });
  let index = -1;
  let open: { type: 'thinking' | 'text'; text: string; signature?: string } | null = null;

  const close = (): Frame[] => {
    if (!open) return [];
    const frames: Frame[] = [];
    if (open.type === 'thinking') {
      const signature = open.signature ?? thinkingSignature(open.text);
      frames.push(ev('content_block_delta', { index, delta: { type: 'signature_delta', signature } }));
    }
    frames.push(ev('content_block_stop', { index }));
    open = null;
    return frames;
  };
  const begin = (block: object): Frame[] => {
    const frames = close();
    index++;
    return [...frames, ev('content_block_start', { index, content_block: block })];
  };

  return {
    contentType: SSE_CONTENT_TYPE,
    start: () => [
      ev('message_start', {
        message: {
          id: ctx.ids('msg_01'),
          type: 'message',
          role: 'assistant',
          model: ctx.request.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: {
            input_tokens: ctx.usage.input,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: ctx.usage.cacheRead,
            output_tokens: 1,
            service_tier: 'standard',
          },
        },
      }),
      ev('ping'),
    ],
    reasoning(text, meta) {
      if (meta.redacted) {
        // Redacted thinking arrives whole in its block start.
        return [
          ...begin({ type: 'redacted_thinking', data: redactedData(text) }),
          ev('content_block_stop', { index }),
        ];
      }
      const frames =
        open?.type === 'thinking' ? [] : begin({ type: 'thinking', thinking: '', signature: '' });
      if (!open) open = { type: 'thinking', text: '' };
      open.text += text;
      if (meta.signature) open.signature = meta.signature;
      return [
        ...frames,
        ev('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: text } }),
      ];
    },
    text(text) {
      const frames = open?.type === 'text' ? [] : begin({ type: 'text', text: '' });
      if (!open) open = { type: 'text', text: '' };
      open.text += text;
      return [...frames, ev('content_block_delta', { index, delta: { type: 'text_delta', text } })];
    },
    toolCall(call) {
      const frames = begin({
        type: 'tool_use',
        id: call.id ?? ctx.ids('toolu_01'),
        name: call.name,
        input: {},
      });
      const json = JSON.stringify(call.args);
      return [
        ...frames,
        ev('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: '' } }),
        ...fragments(json).map((partial_json) =>
          ev('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } }),
        ),
        ev('content_block_stop', { index }),
      ];
    },
    finish(reason) {
      return [
        ...close(),
        ev('message_delta', {
          delta: { stop_reason: STOP[reason], stop_sequence: null },
          usage: {
            input_tokens: ctx.usage.input,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: ctx.usage.cacheRead,
            output_tokens: ctx.usage.output + ctx.usage.reasoning,
          },
        }),
        ev('message_stop'),
      ];
    },
    // Mid-stream (§4d): `event: error`; the SDK types the APIError by `error.type`.
    error: (kind, info) => ({ frames: [ev('error', { error: anthropicErrorObject(kind, info) })] }),
  };
}

export function anthropicWhole(reply: WholeReply, ctx: EncodeContext) {
  const content: object[] = reply.reasoning.map((r) =>
    r.redacted
      ? { type: 'redacted_thinking', data: redactedData(r.text) }
      : { type: 'thinking', thinking: r.text, signature: r.signature ?? thinkingSignature(r.text) },
  );
  if (reply.text) content.push({ type: 'text', text: reply.text });
  for (const c of reply.toolCalls)
    content.push({ type: 'tool_use', id: c.id ?? ctx.ids('toolu_01'), name: c.name, input: c.args });
  return {
    id: ctx.ids('msg_01'),
    type: 'message',
    role: 'assistant',
    model: ctx.request.model,
    content,
    stop_reason: STOP[reply.finish],
    stop_sequence: null,
    usage: {
      input_tokens: ctx.usage.input,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: ctx.usage.cacheRead,
      output_tokens: ctx.usage.output + ctx.usage.reasoning,
      service_tier: 'standard',
    },
  };
}
