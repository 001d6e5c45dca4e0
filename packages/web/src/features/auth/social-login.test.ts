import type { StartupConfig } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { oauthUrl, socialProviders } from './social-login.tsx';
import { validateLogin } from './validation.ts';

const base = {
  serverDomain: 'https://chat.example.com/',
  socialLoginEnabled: true,
  socialLogins: ['discord', 'openid', 'github', 'saml', 'google'],
  openidLoginEnabled: true,
  githubLoginEnabled: true,
  googleLoginEnabled: false,
  discordLoginEnabled: true,
  facebookLoginEnabled: true,
  appleLoginEnabled: false,
} as unknown as StartupConfig;

describe('social login buttons', () => {
  it('follow the socialLogins order and skip providers that are off or unknown', () => {
    expect(socialProviders(base)).toEqual(['discord', 'openid', 'github']);
  });

  it('show nothing when social login is off', () => {
    expect(socialProviders({ ...base, socialLoginEnabled: false })).toEqual([]);
    expect(socialProviders(undefined)).toEqual([]);
  });

  it('start on the server domain', () => {
    expect(oauthUrl(base, 'github')).toBe('https://chat.example.com/oauth/github');
  });
});

describe('login validation with LDAP', () => {
  it('accepts a username only when LDAP is on; spaces never', () => {
    const values = { email: 'alice', password: 'password123' };
    expect(validateLogin(values).email).toBe('com_auth_email_invalid');
    expect(validateLogin(values, true).email).toBeUndefined();
    expect(validateLogin({ ...values, email: 'al ice' }, true).email).toBe('com_auth_email_invalid');
    expect(validateLogin({ ...values, email: '' }, true).email).toBe('com_auth_email_required');
  });
});
