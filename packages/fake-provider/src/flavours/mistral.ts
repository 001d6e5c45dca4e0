import type { ErrorInfo, HttpError } from '../dialect.ts';
import { OPENAI_STATUS } from '../errors/openai.ts';
import type { ErrorKind } from '../script.ts';
import type { ChatFlavour } from './chat-flavour.ts';

/** Mistral's error bodies (unverified, providers.md §11.3): its gateway's 401/429, then `object: "error"`. */
function mistralError(kind: ErrorKind, info: ErrorInfo): HttpError {
  const requestId = (info.requestId ?? 'req_fake').replace(/[^a-zA-Z0-9]/g, '').toLowerCase();
  if (kind === 'auth')
    return { status: 401, body: { message: info.message ?? 'Unauthorized', request_id: requestId } };
  if (kind === 'rate_limit')
    return {
      status: 429,
      headers: { 'retry-after': '1' },
      body: { message: info.message ?? 'Requests rate limit exceeded', request_id: requestId },
    };
  const message =
    info.message ??
    {
      quota: 'Service tier capacity exceeded for this model.',
      context_length: `Prompt contains ${Math.max(140000, info.promptTokens ?? 0)} tokens and 0 draft tokens, too large for model with 131072 maximum context length`,
      overloaded: 'Internal server error: upstream service overloaded',
      server: 'Internal server error',
      not_found: `Invalid model: ${info.model}`,
      invalid_request: 'Invalid request',
    }[kind];
  const status = kind === 'quota' ? 429 : kind === 'not_found' ? 400 : OPENAI_STATUS[kind];
  return {
    status,
    body: {
      object: 'error',
      message,
      type:
        kind === 'quota'
          ? 'service_tier_capacity_exceeded'
          : status >= 500
            ? 'internal_server_error'
            : 'invalid_request_error',
      param: null,
      code: kind === 'quota' ? '3505' : kind === 'not_found' ? '1500' : null,
    },
  };
}

const thinking = (text: string) => [{ type: 'thinking', thinking: [{ type: 'text', text }] }];

/**
 * Mistral (§7): `role` on every delta, usage on the final chunk without `stream_options`, Magistral
 * reasoning as a content ARRAY `[{type:"thinking",thinking:[{type:"text",text}]}]`, whole tool calls
 * with nine-character ids, `random_seed` instead of `seed`.
 */
export const mistralFlavour: ChatFlavour = {
  name: 'mistral',
  systemFingerprint: '',
  roleOnEveryDelta: true,
  roleChunkFirst: true,
  startDelta: { role: 'assistant', content: '' },
  usageAlways: true,
  wholeToolCalls: true,
  error: mistralError,
  reasonsByDefault: (model) => /magistral/.test(model),
  reasoningRequested: (body) => body.prompt_mode === 'reasoning',
  completionId: (ctx) => Array.from(ctx.ids('', 32), (c) => (c.charCodeAt(0) % 16).toString(16)).join(''),
  toolCallId: (ctx) => ctx.ids('', 9),
  reasoningDelta: (text) => ({ content: thinking(text) }),
  decorateChunk: (chunk) => {
    const { system_fingerprint: _fp, ...rest } = chunk;
    return rest;
  },
  wholeMessage: (message, reply) => {
    const { refusal: _r, annotations: _a, ...rest } = message;
    const reasoning = reply.reasoning.map((r) => r.text).join('');
    if (!reasoning) return rest;
    return {
      ...rest,
      content: [...thinking(reasoning), ...(reply.text ? [{ type: 'text', text: reply.text }] : [])],
    };
  },
};
