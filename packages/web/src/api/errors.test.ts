import { ERRORS } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { enAdmin } from '../i18n/en-admin.ts';
import { ApiError } from './client.ts';
import { errorKey, errorText, knownErrorText } from './errors.ts';

const apiError = (code: string, message = 'server words', field?: string) =>
  new ApiError(400, code, message, field);

describe('errorText', () => {
  it('words every mapped code as the server does today, so nothing on screen changes', () => {
    const catalogue: Record<string, { message: string } | undefined> = ERRORS;
    /** com_error_ keys that are the web's own texts, not a server code's. */
    const ownTexts = ['com_error_files_upload_too_large', 'com_error_files_upload_canceled'];
    const mapped = Object.keys(en).filter((k) => k.startsWith('com_error_') && !ownTexts.includes(k));
    expect(mapped.length).toBeGreaterThan(20);
    for (const key of mapped) {
      const code = key.slice('com_error_'.length);
      const serverText = catalogue[code]?.message;
      expect(serverText, code).toBeDefined();
      expect(knownErrorText(apiError(code, 'not this')), code).toBe(serverText);
    }
    for (const code of ['preset_not_found', 'key_not_found', 'title_not_found'])
      expect(errorKey(code), code).toBeDefined();
  });

  it('never shows the server English of a code it does not know', () => {
    expect(errorText(apiError('not_found', 'Not found.'), 'com_admin_action_error')).toBe(
      enAdmin.com_admin_action_error,
    );
    expect(errorText(apiError('http_error', 'Bad Gateway'), 'com_ui_edit_error')).toBe(en.com_ui_edit_error);
    expect(errorText(new TypeError('Failed to fetch'), 'com_ui_edit_error')).toBe(en.com_ui_edit_error);
  });

  it('shows a field validation message and a rate limit window as the server words them', () => {
    const field = apiError('validation', 'The expiry must be in the future.', 'expiresAt');
    expect(errorText(field, 'com_key_save_failed')).toBe('The expiry must be in the future.');
    expect(errorText(apiError('validation', 'body must be object'), 'com_key_save_failed')).toBe(
      en.com_key_save_failed,
    );
    const limited = apiError(
      'login_rate_limited',
      'Too many login attempts, please try again after 15 minutes.',
    );
    expect(errorText(limited, 'com_auth_2fa_error')).toBe(limited.message);
  });
});
