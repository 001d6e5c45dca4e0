import type { ErrorInfo, HttpError } from '../dialect.ts';
import type { ErrorKind } from '../script.ts';

/** Google's `{error:{code,message,status,details}}` (§5d); a bad key is a 400, not a 401. */
export function geminiErrorObject(kind: ErrorKind, info: ErrorInfo) {
  const make = (code: number, status: string, message: string, details?: unknown[]) => ({
    code,
    message: info.message ?? message,
    status,
    ...(details ? { details } : {}),
  });
  switch (kind) {
    case 'auth':
      return make(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'API_KEY_INVALID',
          domain: 'googleapis.com',
          metadata: { service: 'generativelanguage.googleapis.com' },
        },
      ]);
    case 'rate_limit':
    case 'quota':
      return make(
        429,
        'RESOURCE_EXHAUSTED',
        kind === 'quota'
          ? 'You exceeded your current quota, please check your plan and billing details.'
          : 'Resource has been exhausted (e.g. check quota).',
        [
          {
            '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
            violations: [
              {
                quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
                quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier',
                quotaDimensions: { location: 'global', model: info.model },
                quotaValue: '10',
              },
            ],
          },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '1s' },
        ],
      );
    case 'context_length':
      return make(
        400,
        'INVALID_ARGUMENT',
        `The input token count (${Math.max(1300000, info.promptTokens ?? 0)}) exceeds the maximum number of tokens allowed (1048575).`,
      );
    case 'overloaded':
      return make(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.');
    case 'server':
      return make(500, 'INTERNAL', 'Internal error encountered.');
    case 'not_found':
      return make(
        404,
        'NOT_FOUND',
        `models/${info.model} is not found for API version v1beta, or is not supported for generateContent.`,
      );
    case 'invalid_request':
      return make(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.');
  }
}

export function geminiHttpError(kind: ErrorKind, info: ErrorInfo): HttpError {
  const error = geminiErrorObject(kind, info);
  return { status: error.code, body: { error } };
}
