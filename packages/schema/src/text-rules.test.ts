import { describe, expect, it } from 'vitest';
import { AUTH_TEXT } from './auth-text.ts';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, USERNAME_MAX } from './constants.ts';
import { ResetPasswordBody } from './email-auth.ts';
import {
  emailProblem,
  ldapLoginProblem,
  nameProblem,
  passwordProblem,
  usernameProblem,
} from './text-rules.ts';
import { LdapLoginBody, LoginBody, RegisterBody } from './user.ts';

/** The first issue's message for a field, as the server's error handler answers it. */
function firstMessage(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const issue = result.error?.issues[0];
  return issue ? { field: issue.path.join('.'), message: issue.message } : null;
}

describe('account field rules', () => {
  it('report the first broken email rule, trimmed', () => {
    expect(emailProblem('ada@example.com')).toBeNull();
    expect(emailProblem('  ada@example.com ')).toBeNull();
    expect(emailProblem('   ')).toBe('required');
    expect(emailProblem(`${'a'.repeat(EMAIL_MAX)}@b.co`)).toBe('max');
    expect(emailProblem('a@b')).toBe('invalid');
    expect(emailProblem('a b@c.co')).toBe('invalid');
  });

  it('take a directory username for an LDAP login, but no spaces', () => {
    expect(ldapLoginProblem('ada')).toBeNull();
    expect(ldapLoginProblem('')).toBe('required');
    expect(ldapLoginProblem('ada lovelace')).toBe('invalid');
    expect(ldapLoginProblem('x'.repeat(EMAIL_MAX + 1))).toBe('max');
  });

  it('check passwords untrimmed, 8 to 128', () => {
    expect(passwordProblem('')).toBe('required');
    expect(passwordProblem('1234567')).toBe('min');
    expect(passwordProblem('        ')).toBeNull();
    expect(passwordProblem('x'.repeat(PASSWORD_MAX))).toBeNull();
    expect(passwordProblem('x'.repeat(PASSWORD_MAX + 1))).toBe('max');
  });

  it('check names and optional usernames, trimmed', () => {
    expect(nameProblem(' ')).toBe('required');
    expect(nameProblem(' Al ')).toBe('min');
    expect(nameProblem('Ada')).toBeNull();
    expect(nameProblem('x'.repeat(NAME_MAX + 1))).toBe('max');
    expect(usernameProblem('')).toBeNull();
    expect(usernameProblem(' a ')).toBe('min');
    expect(usernameProblem('ab')).toBeNull();
    expect(usernameProblem('x'.repeat(USERNAME_MAX + 1))).toBe('max');
  });
});

describe('zod bodies built on the rules', () => {
  const valid = {
    name: 'Ada Lovelace',
    username: '',
    email: 'ada@example.com',
    password: 'engines-1843',
    confirm_password: 'engines-1843',
  };

  it('answer the same texts as before, on the failing field', () => {
    expect(firstMessage(RegisterBody.safeParse({ ...valid, email: '' }))).toEqual({
      field: 'email',
      message: AUTH_TEXT.emailRequired,
    });
    expect(firstMessage(RegisterBody.safeParse({ ...valid, email: 'nope' }))).toEqual({
      field: 'email',
      message: AUTH_TEXT.emailInvalid,
    });
    expect(firstMessage(RegisterBody.safeParse({ ...valid, name: 'Al' }))).toEqual({
      field: 'name',
      message: AUTH_TEXT.nameMin,
    });
    expect(firstMessage(RegisterBody.safeParse({ ...valid, username: 'a' }))).toEqual({
      field: 'username',
      message: AUTH_TEXT.usernameMin,
    });
    expect(firstMessage(LoginBody.safeParse({ email: 'ada@example.com', password: 'short' }))).toEqual({
      field: 'password',
      message: AUTH_TEXT.passwordMin,
    });
    expect(firstMessage(LoginBody.safeParse({ password: 'engines-1843' }))).toEqual({
      field: 'email',
      message: AUTH_TEXT.emailRequired,
    });
    expect(
      firstMessage(
        ResetPasswordBody.safeParse({ token: 't', userId: 'u', password: '', confirm_password: '' }),
      ),
    ).toEqual({ field: 'password', message: AUTH_TEXT.passwordRequired });
    expect(
      firstMessage(LdapLoginBody.safeParse({ email: 'ada lovelace', password: 'engines-1843' })),
    ).toEqual({
      field: 'email',
      message: AUTH_TEXT.emailInvalid,
    });
  });

  it('still trim what they store', () => {
    const parsed = RegisterBody.parse({ ...valid, name: ' Ada ', email: ' ada@example.com ' });
    expect(parsed).toMatchObject({ name: 'Ada', email: 'ada@example.com' });
  });
});
