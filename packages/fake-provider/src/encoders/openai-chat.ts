import type { EncodeContext, Frame, StreamEncoder, ToolCallOut, WholeReply } from '../dialect.ts';
import type { ChatFlavour, ChunkPhase } from '../flavours/chat-flavour.ts';
import type { FinishReason, ResolvedUsage } from '../script.ts';
import { fragments } from '../tokens.ts';
import { dataFrame, SSE_CONTENT_TYPE } from '../transport/sse.ts';

const FINISH: Record<FinishReason, string> = {
  stop: 'stop',
  length: 'length',
  tool: 'tool_calls',
  content_filter: 'content_filter',
};

function usageObject(u: ResolvedUsage, flavour: ChatFlavour) {
  // completion_tokens includes reasoning tokens, as OpenAI counts them.
  const completion = u.output + u.reasoning;
  return {
    prompt_tokens: u.input,
    completion_tokens: completion,
    total_tokens: u.input + completion,
    prompt_tokens_details: { cached_tokens: u.cacheRead, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: u.reasoning,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
    ...flavour.usageExtras?.(u),
  };
}

/** OpenAI Chat Completions stream (§1): `data:` chunks, optional usage chunk, `data: [DONE]`. */
export function openaiChatStream(ctx: EncodeContext, flavour: ChatFlavour): StreamEncoder {
  // Ollama numbers its ids (`chatcmpl-123`) rather than using random strings.
  const id =
    flavour.completionId?.(ctx) ??
    (flavour.name === 'ollama' ? `chatcmpl-${ctx.created % 1000}` : ctx.ids('chatcmpl-'));
  const streamOptions = ctx.raw.stream_options as { include_usage?: boolean } | undefined;
  const includeUsage = streamOptions?.include_usage === true;
  let chunks = 0;
  let toolIndex = 0;

  const chunk = (
    delta: Record<string, unknown>,
    finish: string | null = null,
    extra: object = {},
    phase: ChunkPhase = 'content',
  ): Frame => {
    const body: Record<string, unknown> = {
      id,
      object: 'chat.completion.chunk',
      created: ctx.created,
      model: ctx.request.model,
      ...(flavour.serviceTier ? { service_tier: flavour.serviceTier } : {}),
      system_fingerprint: flavour.systemFingerprint,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(includeUsage ? { usage: null } : {}),
      ...extra,
    };
    return dataFrame(flavour.decorateChunk ? flavour.decorateChunk(body, chunks++, phase, ctx) : body);
  };
  const base = () => ({
    id,
    object: 'chat.completion.chunk',
    created: ctx.created,
    model: ctx.request.model,
  });
  const role = flavour.roleOnEveryDelta ? { role: 'assistant' } : {};

  return {
    contentType: SSE_CONTENT_TYPE,
    start: () => [
      ...(flavour.preamble?.(ctx) ?? []),
      ...(flavour.roleChunkFirst
        ? [chunk(flavour.startDelta ?? { role: 'assistant', content: '', refusal: null }, null, {}, 'start')]
        : []),
    ],
    reasoning(text) {
      if (flavour.reasoningDelta) return [chunk({ ...role, ...flavour.reasoningDelta(text) })];
      if (!flavour.reasoningField) return []; // Chat Completions never streams reasoning text (§1b).
      const content = flavour.name === 'deepseek' ? { content: null } : {};
      return [chunk({ ...role, ...content, [flavour.reasoningField]: text })];
    },
    text: (text) => [chunk({ ...role, content: text })],
    toolCall(call) {
      const index = toolIndex++;
      const args = JSON.stringify(call.args);
      const callId = call.id ?? flavour.toolCallId?.(ctx) ?? ctx.ids('call_');
      if (flavour.wholeToolCalls) {
        const whole = { index, id: callId, type: 'function', function: { name: call.name, arguments: args } };
        return [chunk({ role: 'assistant', content: '', tool_calls: [whole] })];
      }
      const head = { index, id: callId, type: 'function', function: { name: call.name, arguments: '' } };
      return [
        chunk({ ...role, ...(index === 0 ? { content: null } : {}), tool_calls: [head] }),
        ...fragments(args).map((f) =>
          chunk({ ...role, tool_calls: [{ index, function: { arguments: f } }] }),
        ),
      ];
    },
    finish(reason) {
      const usage = usageObject(ctx.usage, flavour);
      const frames = [chunk({ ...role }, FINISH[reason], flavour.usageAlways ? { usage } : {}, 'finish')];
      if ((includeUsage || flavour.usageChunkAlways) && !flavour.usageAlways) {
        const body: Record<string, unknown> = {
          ...base(),
          ...(flavour.serviceTier ? { service_tier: flavour.serviceTier } : {}),
          system_fingerprint: flavour.systemFingerprint,
          choices: [],
          usage,
        };
        frames.push(
          dataFrame(flavour.decorateChunk ? flavour.decorateChunk(body, chunks++, 'usage', ctx) : body),
        );
      }
      frames.push('data: [DONE]\n\n');
      return frames;
    },
    // Mid-stream (§1d): one `data:` chunk with a top-level `error`, then close without [DONE].
    error: (kind, info) => ({
      frames: [
        dataFrame(
          flavour.streamError ? flavour.streamError(kind, info, base()) : flavour.error(kind, info).body,
        ),
      ],
    }),
  };
}

export function openaiChatWhole(reply: WholeReply, ctx: EncodeContext, flavour: ChatFlavour) {
  const reasoning = reply.reasoning.map((r) => r.text).join('');
  const toolCalls = reply.toolCalls.map((c: ToolCallOut) => ({
    id: c.id ?? flavour.toolCallId?.(ctx) ?? ctx.ids('call_'),
    type: 'function',
    function: { name: c.name, arguments: JSON.stringify(c.args) },
  }));
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: reply.text || null,
    refusal: null,
    annotations: [],
    ...(flavour.reasoningField && reasoning ? { [flavour.reasoningField]: reasoning } : {}),
    ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
  };
  return {
    id: flavour.completionId?.(ctx) ?? ctx.ids('chatcmpl-'),
    object: 'chat.completion',
    created: ctx.created,
    model: ctx.request.model,
    choices: [
      {
        index: 0,
        message: flavour.wholeMessage ? flavour.wholeMessage(message, reply) : message,
        logprobs: null,
        finish_reason: FINISH[reply.finish],
      },
    ],
    usage: usageObject(ctx.usage, flavour),
    ...(flavour.serviceTier ? { service_tier: flavour.serviceTier } : {}),
    system_fingerprint: flavour.systemFingerprint,
  };
}
