import { ChatErrorTypes } from '@parley/schema';
import { APICallError } from 'ai';

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

const CONTEXT_PATTERNS = [
  /context[_ ]length/i,
  /maximum context length/i,
  /prompt is too long/i,
  /input token count .* exceeds/i,
  /exceeds the context window/i,
  /input is too long/i,
];

/**
 * Map any provider failure to the chat error text of doc 2 §8.3: a JSON object with a `type`
 * the client renders, never a stack trace.
 */
export function toChatErrorText(error: unknown): string {
  const cause = (error as { lastError?: unknown })?.lastError ?? error; // RetryError wraps the last try
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode ?? 0;
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
    return JSON.stringify({ type, info });
  }
  const message = cause instanceof Error ? cause.message : String(cause);
  if (CONTEXT_PATTERNS.some((p) => p.test(message))) {
    return JSON.stringify({ type: ChatErrorTypes.INPUT_LENGTH, info: message });
  }
  // Mid-stream errors from the provider arrive as plain objects or SDK errors with a message.
  const info =
    typeof cause === 'object' && cause && 'message' in cause
      ? String((cause as { message: unknown }).message)
      : message;
  return JSON.stringify({ type: ChatErrorTypes.PROVIDER, info: info || 'The AI service returned an error.' });
}
