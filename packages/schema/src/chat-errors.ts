import type { ChatError } from './chat.ts';
import { ERROR_TRUNCATE } from './constants.ts';

/**
 * Chat errors (doc 2 §8.3), free of zod: the client renders them. Servers and clients pass them
 * as `ChatError` values; a stored reply keeps LibreChat's text form (JSON in the message text and
 * its error part), which imports and old rows have too. `chatErrorText` and `parseChatErrorText`
 * are the only two crossings between the forms.
 */

/** Error types the server puts in a chat error (doc 2 §8.3). */
export const ChatErrorTypes = {
  INVALID_API_KEY: 'invalid_api_key',
  INSUFFICIENT_QUOTA: 'insufficient_quota',
  RATE_LIMIT: 'rate_limit',
  INPUT_LENGTH: 'input_length',
  NO_USER_KEY: 'no_user_key',
  INVALID_USER_KEY: 'invalid_user_key',
  EXPIRED_USER_KEY: 'expired_user_key',
  NO_BASE_URL: 'no_base_url',
  INVALID_REQUEST: 'invalid_request',
  MODERATION: 'moderation',
  GOOGLE_ERROR: 'google_error',
  BAN: 'ban',
  CONCURRENT: 'concurrent',
  MESSAGE_LIMIT: 'message_limit',
  TOKEN_BALANCE: 'token_balance',
  PROVIDER: 'provider_error',
  /** An agent runs on an endpoint that is not configured or not allowed for agents (`info`: its name). */
  INVALID_AGENT_PROVIDER: 'invalid_agent_provider',
} as const;

export const CONNECTION_ERROR_TEXT = 'Error connecting to server, try refreshing the page.';
export const INCOMPLETE_RESPONSE_TEXT =
  "The response is incomplete; it's either still processing, was cancelled, or censored. Refresh or try a different prompt.";

/** A plain text error (no type): shown behind the generic "Something went wrong" sentence. */
export function textChatError(text: string): ChatError {
  return { info: text };
}

/** The client's own notice for a lost stream. */
export const CONNECTION_ERROR: ChatError = textChatError(CONNECTION_ERROR_TEXT);

export function isConnectionError(error: ChatError): boolean {
  return !error.type && !error.code && error.info === CONNECTION_ERROR_TEXT;
}

/** Typed → text: the form a stored reply (and LibreChat's `message` field) holds. */
export function chatErrorText(error: ChatError): string {
  return error.type || error.code ? JSON.stringify(error) : (error.info ?? '');
}

/**
 * Text → typed, for a stored or imported reply: the first JSON object in the text when it names
 * a `type` (or `code`), else the whole text as a plain error.
 */
export function parseChatErrorText(text: string): ChatError {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start !== -1 && end > start) {
    try {
      const value = JSON.parse(text.slice(start, end + 1));
      if (value && typeof value === 'object' && (value.type || value.code)) return value as ChatError;
    } catch {
      // not JSON: a plain text error
    }
  }
  return textChatError(text);
}

function truncate(text: string): string {
  return text.length > ERROR_TRUNCATE ? `${text.slice(0, ERROR_TRUNCATE)}...` : text;
}

/** What the user reads for a chat error (doc 2 §8.3). */
export function formatChatError(error: ChatError): string {
  // The client's own notice for a lost stream is already the spec's sentence.
  if (isConnectionError(error)) return CONNECTION_ERROR_TEXT;
  switch (error.type ?? error.code) {
    case ChatErrorTypes.BAN:
      return 'Your account has been temporarily banned due to violations of our service.';
    case ChatErrorTypes.INVALID_API_KEY:
      return 'Invalid API key. Please check your API key and try again. You can set your API key by clicking on the model logo in the top-left corner of the chat and choosing "Set Token".';
    case ChatErrorTypes.INSUFFICIENT_QUOTA:
      return 'The default API key has reached its limit. Please set your own API key to continue.';
    case ChatErrorTypes.CONCURRENT:
      return `Only ${error.limit ?? 1} message(s) at a time. Please allow any other responses to complete before sending another message, or wait one minute.`;
    case ChatErrorTypes.MESSAGE_LIMIT: {
      const window = error.windowInMinutes ?? 1;
      return `You hit the message limit. You have a cap of ${error.max ?? 0} message(s) per ${window === 1 ? 'minute' : `${window} minutes`}.`;
    }
    case ChatErrorTypes.TOKEN_BALANCE:
      return 'Insufficient chat token balance. Please add more tokens to your account.';
    case ChatErrorTypes.INPUT_LENGTH:
      return `The input is too long for this model's context window. ${error.info ?? ''}`.trim();
    case ChatErrorTypes.NO_USER_KEY:
      return 'No API key was found. Please provide an API key for this endpoint and try again.';
    case ChatErrorTypes.INVALID_USER_KEY:
      return 'The API key you provided is invalid. Please provide a valid key and try again.';
    case ChatErrorTypes.EXPIRED_USER_KEY:
      return `Your API key for ${error.endpoint ?? 'this endpoint'} expired at ${error.expiredAt ?? 'an earlier time'}. Please provide a new key and try again.`;
    case ChatErrorTypes.NO_BASE_URL:
      return 'No base URL was found. Please provide one and try again.';
    case ChatErrorTypes.INVALID_REQUEST:
      return 'The AI service rejected the request as invalid. Please try a different prompt or settings.';
    case ChatErrorTypes.MODERATION:
      return 'Your message was flagged by moderation and was not sent.';
    case ChatErrorTypes.INVALID_AGENT_PROVIDER:
      return `Invalid agent provider: ${error.info ?? ''}`.trim();
    case ChatErrorTypes.GOOGLE_ERROR:
      return `Google returned an error: ${error.info ?? ''}`.trim();
    case ChatErrorTypes.RATE_LIMIT:
      return `The AI service is receiving too many requests. Please wait a moment and try again.${error.info ? ` (${error.info})` : ''}`;
    default:
      return `Something went wrong. Here's the specific error message we encountered: ${truncate(error.info ?? error.message ?? chatErrorText(error))}`;
  }
}
