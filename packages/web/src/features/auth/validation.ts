import {
  EMAIL_MAX,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from '@parley/schema';
import type { TranslationKey } from '../../i18n/en.ts';

/** Field → the first failing rule, as a dictionary key (doc 2 §5.1–5.2). */
export type FieldErrors<F extends string> = Partial<Record<F, TranslationKey>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(value: string): TranslationKey | undefined {
  const email = value.trim();
  if (!email) return 'com_auth_email_required';
  if (email.length > EMAIL_MAX) return 'com_auth_email_max';
  if (!EMAIL_PATTERN.test(email)) return 'com_auth_email_invalid';
  return undefined;
}

export function passwordError(value: string): TranslationKey | undefined {
  if (!value) return 'com_auth_password_required';
  if (value.length < PASSWORD_MIN) return 'com_auth_password_min';
  if (value.length > PASSWORD_MAX) return 'com_auth_password_max';
  return undefined;
}

export type LoginFields = 'email' | 'password';
export type LoginValues = Record<LoginFields, string>;

/** With LDAP on, the login may be a directory username: any text without spaces (doc 2 §5.2). */
export function ldapLoginError(value: string): TranslationKey | undefined {
  const login = value.trim();
  if (!login) return 'com_auth_email_required';
  if (login.length > EMAIL_MAX) return 'com_auth_email_max';
  if (/\s/.test(login)) return 'com_auth_email_invalid';
  return undefined;
}

export function validateLogin(values: LoginValues, ldap = false): FieldErrors<LoginFields> {
  const errors: FieldErrors<LoginFields> = {};
  const email = ldap ? ldapLoginError(values.email) : emailError(values.email);
  if (email) errors.email = email;
  const password = passwordError(values.password);
  if (password) errors.password = password;
  return errors;
}

export type RegisterFields = 'name' | 'username' | 'email' | 'password' | 'confirm_password';
export type RegisterValues = Record<RegisterFields, string>;

export function validateRegister(values: RegisterValues): FieldErrors<RegisterFields> {
  const errors: FieldErrors<RegisterFields> = {};
  const name = values.name.trim();
  if (!name) errors.name = 'com_auth_name_required';
  else if (name.length < NAME_MIN) errors.name = 'com_auth_name_min';
  else if (name.length > NAME_MAX) errors.name = 'com_auth_name_max';

  const username = values.username.trim();
  if (username && username.length < USERNAME_MIN) errors.username = 'com_auth_username_min';
  else if (username.length > USERNAME_MAX) errors.username = 'com_auth_username_max';

  const email = emailError(values.email);
  if (email) errors.email = email;
  const password = passwordError(values.password);
  if (password) errors.password = password;
  if (values.confirm_password !== values.password) errors.confirm_password = 'com_auth_passwords_mismatch';
  return errors;
}
