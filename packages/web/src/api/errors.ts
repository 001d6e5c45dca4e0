import { hasText, type TranslationKey, t } from '../i18n/t.ts';
import { ApiError } from './client.ts';

/**
 * Error code → the web's own text (DESIGN §5: the web maps codes to i18n keys). A code's text is
 * the dictionary's `com_error_<code>`; a code without one gets the caller's fallback, never the
 * server's English. A rule, not a table: a code is mapped by adding its key to en.ts.
 */
export function errorKey(code: string): TranslationKey | undefined {
  const key = `com_error_${code}`;
  return hasText(key) ? key : undefined;
}

/**
 * Codes whose server text is shown as sent: it carries what only the server knows. A field's
 * validation message is the contract's own rule text (schema AUTH_TEXT and the like), a rate
 * limit names the window the server is configured with, and an upload rule its limit.
 */
const SERVER_WORDED = new Set([
  'rate_limited',
  'login_rate_limited',
  // Upload rules name the configured limit, file name or type (doc 1 §5).
  'files_limit',
  'files_too_large',
  'files_total_too_large',
  'files_type_unknown',
  'files_unsupported_type',
]);

/** The text for a failed call when the web knows its code (or the server's words are the point), else null. */
export function knownErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const key = errorKey(error.code);
  if (key) return t(key);
  if (error.message && ((error.code === 'validation' && error.field) || SERVER_WORDED.has(error.code)))
    return error.message;
  return null;
}

/** The text for a failed call: the code's own text, else the caller's fallback (network errors too). */
export function errorText(error: unknown, fallback: TranslationKey): string {
  return knownErrorText(error) ?? t(fallback);
}
