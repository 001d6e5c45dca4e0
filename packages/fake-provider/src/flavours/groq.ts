import type { ErrorInfo, HttpError } from '../dialect.ts';
import { openaiHttpError, RATE_LIMIT_HEADERS } from '../errors/openai.ts';
import type { ErrorKind } from '../script.ts';
import type { ChatFlavour } from './chat-flavour.ts';

function groqError(kind: ErrorKind, info: ErrorInfo): HttpError {
  if (kind === 'auth')
    return {
      status: 401,
      body: {
        error: {
          message: info.message ?? 'Invalid API Key',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      },
    };
  if (kind === 'rate_limit')
    return {
      status: 429,
      headers: { ...RATE_LIMIT_HEADERS, 'retry-after': '1' },
      body: {
        error: {
          message:
            info.message ??
            `Rate limit reached for model \`${info.model}\` in organization \`org_fake\` service tier \`on_demand\` on tokens per minute (TPM): Limit 6000, Used 5800, Requested 400. Please try again in 1s. Need more tokens? Upgrade to Dev Tier today at https://console.groq.com/settings/billing`,
          type: 'tokens',
          code: 'rate_limit_exceeded',
        },
      },
    };
  return openaiHttpError(kind, info);
}

/**
 * Groq (§7): reasoning in `delta.reasoning`; the first chunk carries `x_groq.id`, the final chunk
 * `x_groq: {id, usage: {queue_time, prompt_tokens, prompt_time, completion_tokens, completion_time,
 * total_tokens, total_time}}`. Standard `usage` only with `stream_options.include_usage`.
 */
export const groqFlavour: ChatFlavour = {
  name: 'groq',
  systemFingerprint: 'fp_fakegroq01',
  reasoningField: 'reasoning',
  roleChunkFirst: true,
  startDelta: { role: 'assistant', content: '' },
  error: groqError,
  // Parsed reasoning goes to `delta.reasoning`; `raw` (inline <think>) is not modelled.
  reasoningRequested: (body) => body.reasoning_format === 'parsed',
  decorateChunk(chunk, _index, phase, ctx) {
    const id = `req_${String(chunk.id)
      .replace(/^chatcmpl-/, '')
      .toLowerCase()}`;
    if (phase === 'start') return { ...chunk, x_groq: { id } };
    if (phase !== 'finish') return chunk;
    const { input, output, reasoning } = ctx.usage;
    const completion = output + reasoning;
    const promptTime = Number((input * 0.00002).toFixed(6));
    const completionTime = Number((completion * 0.002).toFixed(6));
    return {
      ...chunk,
      x_groq: {
        id,
        usage: {
          queue_time: 0.0125,
          prompt_tokens: input,
          prompt_time: promptTime,
          completion_tokens: completion,
          completion_time: completionTime,
          total_tokens: input + completion,
          total_time: Number((promptTime + completionTime).toFixed(6)),
        },
      },
    };
  },
};
