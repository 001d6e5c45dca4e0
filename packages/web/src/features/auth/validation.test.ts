import {
  AUTH_TEXT,
  EMAIL_PROBLEM_TEXT,
  NAME_PROBLEM_TEXT,
  PASSWORD_PROBLEM_TEXT,
  RegisterBody,
  USERNAME_PROBLEM_TEXT,
} from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { t } from '../../i18n/t.ts';
import { loginErrorKey } from './login-error.ts';
import {
  EMAIL_KEYS,
  NAME_KEYS,
  PASSWORD_KEYS,
  type RegisterValues,
  USERNAME_KEYS,
  validateLogin,
  validateRegister,
} from './validation.ts';

const valid: RegisterValues = {
  name: 'Ada Lovelace',
  username: '',
  email: 'ada@example.com',
  password: 'engines-1843',
  confirm_password: 'engines-1843',
};

describe('validateRegister', () => {
  it('accepts a valid form', () => {
    expect(validateRegister(valid)).toEqual({});
  });

  it('uses the spec texts', () => {
    const errors = validateRegister({
      name: '',
      username: 'a',
      email: 'nope',
      password: 'short',
      confirm_password: 'x',
    });
    expect(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, t(v)]))).toEqual({
      name: AUTH_TEXT.nameRequired,
      username: AUTH_TEXT.usernameMin,
      email: AUTH_TEXT.emailInvalid,
      password: AUTH_TEXT.passwordMin,
      confirm_password: AUTH_TEXT.passwordsMismatch,
    });
    expect(t(validateRegister({ ...valid, name: 'Al' }).name!)).toBe(AUTH_TEXT.nameMin);
    expect(t(validateRegister({ ...valid, email: '' }).email!)).toBe(AUTH_TEXT.emailRequired);
  });

  it('agrees with the server schema on a range of inputs', () => {
    const cases: RegisterValues[] = [
      valid,
      { ...valid, name: 'Al' },
      { ...valid, name: 'x'.repeat(81) },
      { ...valid, username: 'a' },
      { ...valid, username: 'ab' },
      { ...valid, email: 'a@b' },
      { ...valid, email: `${'a'.repeat(120)}@b.co` },
      { ...valid, password: 'x'.repeat(129), confirm_password: 'x'.repeat(129) },
      { ...valid, confirm_password: 'other' },
    ];
    for (const c of cases) {
      expect(Object.keys(validateRegister(c)).length === 0).toBe(RegisterBody.safeParse(c).success);
    }
  });
});

describe('validateLogin', () => {
  it('requires a valid email and a password of 8 to 128', () => {
    expect(validateLogin({ email: 'a@b.co', password: '12345678' })).toEqual({});
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'com_auth_email_required',
      password: 'com_auth_password_required',
    });
  });
});

describe('loginErrorKey', () => {
  it('maps statuses', () => {
    expect(loginErrorKey(new ApiError(429, 'x', 'x'))).toBe('com_auth_error_login_rl');
    expect(loginErrorKey(new ApiError(403, 'x', 'x'))).toBe('com_auth_error_login_ban');
    expect(loginErrorKey(new ApiError(500, 'x', 'x'))).toBe('com_auth_error_login_server');
    expect(loginErrorKey(new ApiError(422, 'x', 'x'))).toBe('com_auth_error_login_unverified');
    expect(loginErrorKey(new ApiError(401, 'invalid_credentials', 'x'))).toBe('com_auth_error_login');
  });
});

describe('rule problems', () => {
  it('read as the server words them', () => {
    const pairs = [
      [EMAIL_KEYS, EMAIL_PROBLEM_TEXT],
      [PASSWORD_KEYS, PASSWORD_PROBLEM_TEXT],
      [NAME_KEYS, NAME_PROBLEM_TEXT],
      [USERNAME_KEYS, USERNAME_PROBLEM_TEXT],
    ] as const;
    for (const [keys, texts] of pairs) {
      const problems = Object.keys(texts) as (keyof typeof texts & keyof typeof keys)[];
      expect(Object.keys(keys).sort()).toEqual([...problems].sort());
      for (const p of problems) expect(t(keys[p])).toBe(texts[p]);
    }
  });
});
