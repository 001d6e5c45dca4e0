import { type ChatError, ChatErrorTypes } from '@parley/schema';
import { APICallError } from 'ai';
import { privateAddressRefusal } from '../net/guarded-fetch.ts';
import { privateBaseUrlReason } from '../net/ssrf.ts';
import { CredentialsError } from './credentials.ts';
import { IDLE_TIMEOUT_INFO, ProviderIdleError } from './stream.ts';

/** Provider-reported text, without stack traces or request details. */
function providerMessage(error: APICallError): string {
  try {
    const body = JSON.parse(error.responseBody ?? '');
    const e = body?.error ?? body;
    if (typeof e?.message === 'string') return e.message;
  } catch {
    // not JSON: use the SDK's message
  }
  return error.message;
}

export const GENERIC_PROVIDER_ERROR = 'The AI service sent a response that could not be read.';
export const UNREACHABLE_PROVIDER_ERROR = 'The AI service could not be reached.';

const CONTEXT_PATTERNS = [
  /context[_ ]length/i,
  /maximum context length/i,
  /prompt is too long/i,
  /input token count .* exceeds/i,
  /exceeds the context window/i,
  /input is too long/i,
];

/**
 * Map any failure of a provider call to the chat error of doc 2 §8.3: a `type` the client
 * renders, never a stack trace.
 */
export function toChatError(error: unknown): ChatError {
  if (error instanceof CredentialsError) return error.chatError;
  // A user's base URL refused when the connection opened: the same words as the check before it.
  const refused = privateAddressRefusal(error);
  if (refused) return { type: ChatErrorTypes.PROVIDER, info: privateBaseUrlReason(refused.host) };
  if (error instanceof ProviderIdleError) return { type: ChatErrorTypes.PROVIDER, info: IDLE_TIMEOUT_INFO };
  const cause = (error as { lastError?: unknown })?.lastError ?? error; // RetryError wraps the last try
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode ?? 0;
    // No status: the connection failed. Its message names internal hosts and ports: keep it out.
    if (!status) return { type: ChatErrorTypes.PROVIDER, info: UNREACHABLE_PROVIDER_ERROR };
    const info = providerMessage(cause);
    const body = cause.responseBody ?? '';
    let type: string = ChatErrorTypes.PROVIDER;
    if (
      status === 401 ||
      status === 403 ||
      /API_KEY_INVALID|invalid_api_key|authentication_error/.test(body)
    ) {
      type = ChatErrorTypes.INVALID_API_KEY;
    } else if (/insufficient_quota/.test(body)) {
      type = ChatErrorTypes.INSUFFICIENT_QUOTA;
    } else if (status === 429 || status === 529) {
      type = ChatErrorTypes.RATE_LIMIT;
    } else if (CONTEXT_PATTERNS.some((p) => p.test(info))) {
      type = ChatErrorTypes.INPUT_LENGTH;
    }
    return { type, info };
  }
  const message = cause instanceof Error ? cause.message : String(cause);
  if (CONTEXT_PATTERNS.some((p) => p.test(message))) {
    return { type: ChatErrorTypes.INPUT_LENGTH, info: message };
  }
  // An error the provider sent inside the stream (e.g. OpenAI's `{"error":{"message"…}}` chunk)
  // carries the provider's own words: show them.
  if (cause && typeof cause === 'object' && !(cause instanceof Error)) {
    const e = (cause as { error?: unknown }).error ?? cause;
    const text = (e as { message?: unknown }).message;
    if (typeof text === 'string' && text) return { type: ChatErrorTypes.PROVIDER, info: text };
  }
  // Anything else (unreadable chunks, parser failures) may hold raw payloads: keep it generic.
  return { type: ChatErrorTypes.PROVIDER, info: GENERIC_PROVIDER_ERROR };
}
