import { ApiError } from '../../api/client.ts';
import type { TranslationKey } from '../../i18n/t.ts';
import '../../i18n/en-auth.ts';

/** Login error text by status (doc 1 §8): 429 rate limit, 403 ban, 500 server, 422 unverified. */
export function loginErrorKey(error: unknown): TranslationKey {
  if (!(error instanceof ApiError)) return 'com_auth_error_login_server';
  switch (error.status) {
    case 429:
      return 'com_auth_error_login_rl';
    case 403:
      return 'com_auth_error_login_ban';
    case 422:
      return 'com_auth_error_login_unverified';
    default:
      return error.status >= 500 ? 'com_auth_error_login_server' : 'com_auth_error_login';
  }
}
