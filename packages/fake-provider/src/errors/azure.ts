import type { ErrorInfo, HttpError } from '../dialect.ts';
import type { ErrorKind } from '../script.ts';
import { openaiHttpError } from './openai.ts';

/** Azure's own envelope: `code` is a string and `type` is absent (providers.md §3). */
const azure = (
  status: number,
  code: string,
  message: string,
  headers?: Record<string, string>,
): HttpError => ({
  status,
  ...(headers ? { headers } : {}),
  body: { error: { code, message } },
});

export const AZURE_BAD_KEY =
  'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.';
export const AZURE_MISSING_KEY =
  'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.';

/** What Azure answers a path it does not serve, including a deployment URL without `api-version`. */
export const azureResourceNotFound = (): HttpError => azure(404, '404', 'Resource not found');

export function azureHttpError(kind: ErrorKind, info: ErrorInfo): HttpError {
  switch (kind) {
    case 'auth':
      return azure(401, '401', info.message ?? AZURE_BAD_KEY);
    case 'rate_limit':
      return azure(
        429,
        '429',
        info.message ??
          'Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2024-10-21 have exceeded token rate limit of your current OpenAI S0 pricing tier. Please retry after 1 second. Please go here: https://aka.ms/oai/quotaincrease if you would like to further increase the default rate limit.',
        { 'retry-after': '1', 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-remaining-tokens': '0' },
      );
    case 'quota':
      return azure(
        429,
        '429',
        info.message ??
          'Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2024-10-21 have exceeded call rate limit of your current OpenAI S0 pricing tier. Please retry after 1 second. Please contact Azure support service if you would like to further increase the default rate limit.',
        { 'retry-after': '1' },
      );
    case 'not_found':
      return azure(
        404,
        'DeploymentNotFound',
        info.message ??
          'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.',
      );
    // Context length, server errors and bad requests pass through in OpenAI's envelope (§3, §8).
    default:
      return openaiHttpError(kind, info);
  }
}
