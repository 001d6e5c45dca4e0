import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/t.ts';
import { authHeaderKey } from './use-auth-config.ts';

describe('authHeaderKey', () => {
  it('gives each auth route its header (doc 2 §2.1)', () => {
    const header = (p: string) => t(authHeaderKey(p));
    expect(header('/login')).toBe('Welcome back');
    expect(header('/register')).toBe('Create your account');
    expect(header('/forgot-password')).toBe('Reset password');
    expect(header('/reset-password')).toBe('Reset password');
    expect(header('/login/2fa')).toBe('Verify your identity');
  });
});
