import type { ErrorInfo, HttpError } from '../dialect.ts';
import type { ErrorKind } from '../script.ts';

const CATALOG: Record<ErrorKind, { status: number; type: string; message: (i: ErrorInfo) => string }> = {
  auth: { status: 401, type: 'authentication_error', message: () => 'invalid x-api-key' },
  rate_limit: {
    status: 429,
    type: 'rate_limit_error',
    message: () =>
      'This request would exceed the rate limit for your organization of 50,000 input tokens per minute. Please reduce the prompt length or the maximum tokens requested, or try again later.',
  },
  // Real traffic shows a 400 invalid_request_error for an empty balance; `billing_error`'s status is unverified.
  quota: {
    status: 400,
    type: 'invalid_request_error',
    message: () =>
      'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
  },
  context_length: {
    status: 400,
    type: 'invalid_request_error',
    message: (i) => `prompt is too long: ${Math.max(213462, i.promptTokens ?? 0)} tokens > 200000 maximum`,
  },
  overloaded: { status: 529, type: 'overloaded_error', message: () => 'Overloaded' },
  server: { status: 500, type: 'api_error', message: () => 'Internal server error' },
  not_found: { status: 404, type: 'not_found_error', message: (i) => `model: ${i.model}` },
  invalid_request: { status: 400, type: 'invalid_request_error', message: () => 'Invalid request' },
};

/** The inner `{type,message}` used both in HTTP bodies and in mid-stream `event: error`. */
export function anthropicErrorObject(kind: ErrorKind, info: ErrorInfo) {
  const c = CATALOG[kind];
  return { type: c.type, message: info.message ?? c.message(info) };
}

export function anthropicHttpError(kind: ErrorKind, info: ErrorInfo): HttpError {
  return {
    status: CATALOG[kind].status,
    headers:
      kind === 'rate_limit'
        ? { 'retry-after': '1', 'anthropic-ratelimit-requests-remaining': '0' }
        : undefined,
    body: {
      type: 'error',
      error: anthropicErrorObject(kind, info),
      request_id: info.requestId ?? 'req_011CFake',
    },
  };
}
