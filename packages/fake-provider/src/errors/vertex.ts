import type { ErrorInfo, HttpError } from '../dialect.ts';
import type { ErrorKind } from '../script.ts';
import { geminiErrorObject } from './gemini.ts';

const errorInfo = (
  reason: string,
  method = 'google.cloud.aiplatform.v1.PredictionService.GenerateContent',
) => ({
  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
  reason,
  domain: 'googleapis.com',
  metadata: { service: 'aiplatform.googleapis.com', method },
});

export type VertexAuthProblem = 'missing' | 'invalid' | 'expired' | 'api_key_unsupported' | 'scope';

/** Vertex's 401/403 bodies for each way a credential can be wrong (message text unverified, §11.4). */
export function vertexAuthError(problem: VertexAuthProblem): HttpError {
  const body = (code: number, status: string, message: string, reason: string) => ({
    status: code,
    body: { error: { code, message, status, details: [errorInfo(reason)] } },
  });
  switch (problem) {
    case 'missing':
      return body(
        401,
        'UNAUTHENTICATED',
        'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        'CREDENTIALS_MISSING',
      );
    case 'api_key_unsupported':
      return body(
        401,
        'UNAUTHENTICATED',
        'API keys are not supported by this API. Expected OAuth2 access token or other authentication credentials that assert a principal. See https://cloud.google.com/docs/authentication',
        'CREDENTIALS_MISSING',
      );
    case 'scope':
      return body(
        403,
        'PERMISSION_DENIED',
        'Request had insufficient authentication scopes.',
        'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
      );
    case 'expired':
    case 'invalid':
      return body(
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        problem === 'expired' ? 'ACCESS_TOKEN_EXPIRED' : 'ACCESS_TOKEN_TYPE_UNSUPPORTED',
      );
  }
}

/** Google's error object as Vertex words it (§5 "Vertex AI", §8). */
export function vertexErrorObject(kind: ErrorKind, info: ErrorInfo) {
  const make = (code: number, status: string, message: string) => ({
    code,
    message: info.message ?? message,
    status,
  });
  switch (kind) {
    case 'auth':
      return (vertexAuthError('invalid').body as { error: ReturnType<typeof make> }).error;
    case 'rate_limit':
    case 'quota':
      return make(
        429,
        'RESOURCE_EXHAUSTED',
        'Resource exhausted. Please try again later. Please refer to https://cloud.google.com/vertex-ai/generative-ai/docs/error-code-429 for more details.',
      );
    case 'context_length':
      return make(
        400,
        'INVALID_ARGUMENT',
        `The input token count (${Math.max(1300000, info.promptTokens ?? 0)}) exceeds the maximum number of tokens allowed (1048576).`,
      );
    case 'not_found':
      return make(
        404,
        'NOT_FOUND',
        `Publisher Model \`publishers/google/models/${info.model}\` was not found or your project does not have access to it. Please ensure you are using a valid model version.`,
      );
    default:
      return geminiErrorObject(kind, info);
  }
}

export function vertexHttpError(kind: ErrorKind, info: ErrorInfo): HttpError {
  const error = vertexErrorObject(kind, info);
  return { status: error.code, body: { error } };
}

/** Express mode (API key): an invalid key is Google's 400 API_KEY_INVALID, for aiplatform. */
export function vertexApiKeyError(): HttpError {
  return {
    status: 400,
    body: {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
            metadata: { service: 'aiplatform.googleapis.com' },
          },
        ],
      },
    },
  };
}
