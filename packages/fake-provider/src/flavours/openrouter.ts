import type { ErrorInfo, HttpError } from '../dialect.ts';
import { OPENAI_STATUS } from '../errors/openai.ts';
import type { ErrorKind } from '../script.ts';
import type { ChatFlavour } from './chat-flavour.ts';

/** OpenRouter's HTTP errors: `{"error":{"code":<number>,"message","metadata?"}}` (providers.md §7). */
export function openrouterError(kind: ErrorKind, info: ErrorInfo): HttpError {
  const make = (status: number, message: string, metadata?: object, headers?: Record<string, string>) => ({
    status,
    ...(headers ? { headers } : {}),
    body: { error: { code: status, message: info.message ?? message, ...(metadata ? { metadata } : {}) } },
  });
  switch (kind) {
    case 'auth':
      return make(401, info.key ? 'User not found.' : 'No auth credentials found');
    case 'quota':
      return make(
        402,
        'This request requires more credits, or fewer max_tokens. You requested up to 4096 tokens, but can only afford 12. To increase, visit https://openrouter.ai/settings/credits and upgrade to a paid account',
      );
    case 'rate_limit':
      return make(
        429,
        `${info.model} is temporarily rate-limited upstream. Please retry shortly, or add your own key to accumulate your rate limits: https://openrouter.ai/settings/integrations`,
        { raw: `${info.model} is temporarily rate-limited upstream.`, provider_name: 'FakeUpstream' },
        { 'retry-after': '1' },
      );
    case 'context_length':
      return make(
        400,
        `This endpoint's maximum context length is 128000 tokens. However, you requested about ${Math.max(130210, info.promptTokens ?? 0)} tokens (${Math.max(130210, info.promptTokens ?? 0)} of text input). Please reduce the length of either one, or use the "middle-out" transform to compress your prompt automatically.`,
      );
    case 'overloaded':
      return make(503, 'No allowed providers are available for the selected model.');
    case 'not_found':
      return make(404, `No endpoints found for ${info.model}.`);
    case 'server':
      return make(500, 'Internal Server Error');
    case 'invalid_request':
      return make(OPENAI_STATUS[kind], 'Invalid request.');
  }
}

/**
 * OpenRouter (§7): `: OPENROUTER PROCESSING` comment keep-alives before the first chunk, `gen-…`
 * ids and a `provider` field, reasoning in `delta.reasoning` plus `reasoning_details`, a usage
 * chunk with `cost` at the end whether asked for or not, mid-stream errors as a chunk with `error`
 * and `finish_reason: "error"`.
 */
export const openrouterFlavour: ChatFlavour = {
  name: 'openrouter',
  systemFingerprint: 'fp_openrouter',
  reasoningField: 'reasoning',
  roleChunkFirst: true,
  usageChunkAlways: true,
  error: openrouterError,
  // `reasoning: {effort | max_tokens | enabled}` or the legacy `include_reasoning: true`.
  reasoningRequested: (body) => {
    const r = body.reasoning as { enabled?: boolean; max_tokens?: number; effort?: string } | undefined;
    return (
      body.include_reasoning === true ||
      (!!r && r.enabled !== false && (r.enabled || !!r.max_tokens || !!r.effort))
    );
  },
  completionId: (ctx) => `gen-${ctx.created}-${ctx.ids('', 20)}`,
  preamble: () => [': OPENROUTER PROCESSING\n\n', ': OPENROUTER PROCESSING\n\n'],
  reasoningDelta: (text) => ({
    content: '',
    reasoning: text,
    reasoning_details: [{ type: 'reasoning.text', text, format: 'unknown', index: 0 }],
  }),
  decorateChunk: (chunk) => ({ ...chunk, provider: 'FakeUpstream' }),
  usageExtras: (u) => ({
    // A made-up but stable price: $2.50 / M input, $10 / M output.
    cost: Number(((u.input * 2.5 + (u.output + u.reasoning) * 10) / 1e6).toFixed(8)),
    is_byok: false,
    cost_details: { upstream_inference_cost: null },
  }),
  wholeMessage: (message, reply) => {
    const reasoning = reply.reasoning.map((r) => r.text).join('');
    return reasoning
      ? {
          ...message,
          reasoning,
          reasoning_details: [{ type: 'reasoning.text', text: reasoning, format: 'unknown', index: 0 }],
        }
      : message;
  },
  streamError: (kind, info, base) => {
    const { body } = openrouterError(kind, info) as { body: { error: { code: number; message: string } } };
    return {
      ...base,
      provider: 'FakeUpstream',
      error: { code: kind === 'server' ? 'server_error' : body.error.code, message: body.error.message },
      choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error', native_finish_reason: 'error' }],
    };
  },
};
