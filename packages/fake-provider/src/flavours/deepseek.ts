import { fingerprint } from '../auth.ts';
import type { ErrorInfo, HttpError } from '../dialect.ts';
import { openaiHttpError } from '../errors/openai.ts';
import type { ErrorKind } from '../script.ts';
import type { ChatFlavour } from './chat-flavour.ts';

function deepseekError(kind: ErrorKind, info: ErrorInfo): HttpError {
  const body = (message: string, type: string) => ({
    error: { message: info.message ?? message, type, param: null, code: 'invalid_request_error' },
  });
  switch (kind) {
    case 'auth':
      return {
        status: 401,
        body: body(
          `Authentication Fails, Your api key: ${info.key ? fingerprint(info.key) : '****'} is invalid`,
          'authentication_error',
        ),
      };
    case 'quota':
      return { status: 402, body: body('Insufficient Balance', 'unknown_error') };
    case 'rate_limit':
      return {
        status: 429,
        headers: { 'retry-after': '1' },
        body: body('Rate Limit Reached', 'rate_limit_error'),
      };
    case 'context_length': {
      const n = Math.max(140000, info.promptTokens ?? 0);
      return {
        status: 400,
        body: body(
          `This model's maximum context length is 131072 tokens. However, you requested ${n} tokens (${n - 4096} in the messages, 4096 in the completion). Please reduce the length of the messages or completion.`,
          'invalid_request_error',
        ),
      };
    }
    default:
      return openaiHttpError(kind, info);
  }
}

/** DeepSeek: `reasoning_content` with `content:null`, usage always on the last chunk, cache-hit counts. */
export const deepseekFlavour: ChatFlavour = {
  name: 'deepseek',
  systemFingerprint: 'fp_deepseek',
  reasoningField: 'reasoning_content',
  roleChunkFirst: true,
  usageAlways: true,
  reasonsByDefault: (model) => /reasoner|r1/.test(model),
  usageExtras: (u) => ({
    prompt_cache_hit_tokens: u.cacheRead,
    prompt_cache_miss_tokens: u.input - u.cacheRead,
  }),
  error: deepseekError,
};
