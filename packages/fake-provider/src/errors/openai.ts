import { fingerprint } from '../auth.ts';
import type { ErrorInfo, HttpError } from '../dialect.ts';
import type { ErrorKind } from '../script.ts';

/** OpenAI's `{error:{message,type,param,code}}` object for each kind (bodies as seen in real traffic, §1d). */
export function openaiErrorObject(kind: ErrorKind, info: ErrorInfo) {
  const make = (message: string, type: string, code: string | null, param: string | null = null) => ({
    message: info.message ?? message,
    type,
    param,
    code,
  });
  switch (kind) {
    case 'auth':
      return make(
        `Incorrect API key provided: ${info.key ? fingerprint(info.key) : 'none'}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        'invalid_request_error',
        'invalid_api_key',
      );
    case 'rate_limit':
      return make(
        `Rate limit reached for ${info.model} in organization org-fake on tokens per min (TPM): Limit 30000, Used 29876, Requested 512. Please try again in 174ms. Visit https://platform.openai.com/account/rate-limits to learn more.`,
        'tokens',
        'rate_limit_exceeded',
      );
    case 'quota':
      return make(
        'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
        'insufficient_quota',
        'insufficient_quota',
      );
    case 'context_length':
      return make(
        `This model's maximum context length is 128000 tokens. However, your messages resulted in ${Math.max(130210, info.promptTokens ?? 0)} tokens. Please reduce the length of the messages.`,
        'invalid_request_error',
        'context_length_exceeded',
        'messages',
      );
    case 'overloaded':
      return make('The server is overloaded or not ready yet.', 'server_error', null);
    case 'server':
      return make(
        'The server had an error processing your request. Sorry about that! You can retry your request, or contact us through our help center at help.openai.com if you keep seeing this error.',
        'server_error',
        null,
      );
    case 'not_found':
      return make(
        `The model \`${info.model}\` does not exist or you do not have access to it.`,
        'invalid_request_error',
        'model_not_found',
      );
    case 'invalid_request':
      return make('Invalid request.', 'invalid_request_error', null);
  }
}

export const OPENAI_STATUS: Record<ErrorKind, number> = {
  auth: 401,
  rate_limit: 429,
  quota: 429,
  context_length: 400,
  overloaded: 503,
  server: 500,
  not_found: 404,
  invalid_request: 400,
};

/** Headers real 429s carry; the SDKs read `retry-after-ms` before `retry-after`. */
export const RATE_LIMIT_HEADERS: Record<string, string> = {
  'retry-after': '1',
  'retry-after-ms': '174',
  'x-ratelimit-limit-requests': '500',
  'x-ratelimit-remaining-requests': '0',
  'x-ratelimit-reset-requests': '174ms',
  'x-ratelimit-limit-tokens': '30000',
  'x-ratelimit-remaining-tokens': '124',
  'x-ratelimit-reset-tokens': '174ms',
};

export function openaiHttpError(kind: ErrorKind, info: ErrorInfo): HttpError {
  return {
    status: OPENAI_STATUS[kind],
    headers: kind === 'rate_limit' ? RATE_LIMIT_HEADERS : undefined,
    body: { error: openaiErrorObject(kind, info) },
  };
}
