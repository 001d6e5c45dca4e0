import type { TranslationKey } from '../i18n/en.ts';
import { t } from '../i18n/t.ts';
import { ApiError } from './client.ts';

/**
 * Error code → the web's own text (DESIGN §5: the web maps codes to i18n keys). A code missing
 * here gets the caller's fallback, never the server's English. Keyed by string so codes the
 * server adds later need no schema change here first.
 */
export const ERROR_CODE_KEYS: Readonly<Record<string, TranslationKey>> = {
  unauthorized: 'com_error_unauthorized',
  invalid_token: 'com_error_invalid_token',
  forbidden: 'com_error_forbidden',
  banned: 'com_auth_error_login_ban',
  internal: 'com_error_internal',
  conversation_not_found: 'com_error_conversation_not_found',
  message_not_found: 'com_error_message_not_found',
  generation_active: 'com_error_generation_active',
  email_taken: 'com_error_email_taken',
  username_taken: 'com_error_username_taken',
  registration_disabled: 'com_error_registration_disabled',
  email_domain_not_allowed: 'com_auth_error_oauth_domain_not_allowed',
  user_not_found: 'com_error_user_not_found',
  role_not_found: 'com_error_role_not_found',
  banner_not_found: 'com_error_banner_not_found',
  admin_self: 'com_error_admin_self',
  balance_disabled: 'com_error_balance_disabled',
  two_fa_invalid_code: 'com_error_two_fa_invalid_code',
  two_fa_not_pending: 'com_error_two_fa_not_pending',
  two_fa_not_enabled: 'com_error_two_fa_not_enabled',
  two_fa_already_enabled: 'com_error_two_fa_already_enabled',
  two_fa_local_only: 'com_error_two_fa_local_only',
  two_fa_temp_invalid: 'com_auth_2fa_expired',
  import_unsupported: 'com_ui_import_conversation_file_type_error',
  preset_not_found: 'com_error_preset_not_found',
  key_not_found: 'com_error_key_not_found',
  title_not_found: 'com_error_title_not_found',
};

/**
 * Codes whose server text is shown as sent: it carries what only the server knows. A field's
 * validation message is the contract's own rule text (schema AUTH_TEXT and the like), and a rate
 * limit names the window the server is configured with.
 */
const SERVER_WORDED = new Set(['rate_limited', 'login_rate_limited']);

/** The text for a failed call when the web knows its code (or the server's words are the point), else null. */
export function knownErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const key = ERROR_CODE_KEYS[error.code];
  if (key) return t(key);
  if (error.message && ((error.code === 'validation' && error.field) || SERVER_WORDED.has(error.code)))
    return error.message;
  return null;
}

/** The text for a failed call: the code's own text, else the caller's fallback (network errors too). */
export function errorText(error: unknown, fallback: TranslationKey): string {
  return knownErrorText(error) ?? t(fallback);
}
