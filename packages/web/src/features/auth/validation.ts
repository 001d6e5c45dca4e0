import {
  type EmailProblem,
  emailProblem,
  ldapLoginProblem,
  type NameProblem,
  nameProblem,
  type PasswordProblem,
  passwordProblem,
  type UsernameProblem,
  usernameProblem,
} from '@parley/schema';
import type { TranslationKey } from '../../i18n/t.ts';
import '../../i18n/en-auth.ts';

/** Field → the first failing rule, as a dictionary key (doc 2 §5.1–5.2). */
export type FieldErrors<F extends string> = Partial<Record<F, TranslationKey>>;

// The rules are the schema's (text-rules.ts); only their texts are the web's.
export const EMAIL_KEYS: Record<EmailProblem, TranslationKey> = {
  required: 'com_auth_email_required',
  max: 'com_auth_email_max',
  invalid: 'com_auth_email_invalid',
};
export const PASSWORD_KEYS: Record<PasswordProblem, TranslationKey> = {
  required: 'com_auth_password_required',
  min: 'com_auth_password_min',
  max: 'com_auth_password_max',
};
export const NAME_KEYS: Record<NameProblem, TranslationKey> = {
  required: 'com_auth_name_required',
  min: 'com_auth_name_min',
  max: 'com_auth_name_max',
};
export const USERNAME_KEYS: Record<UsernameProblem, TranslationKey> = {
  min: 'com_auth_username_min',
  max: 'com_auth_username_max',
};

const keyOf = <P extends string>(problem: P | null, keys: Record<P, TranslationKey>) =>
  problem ? keys[problem] : undefined;

export const emailError = (value: string) => keyOf(emailProblem(value), EMAIL_KEYS);
export const passwordError = (value: string) => keyOf(passwordProblem(value), PASSWORD_KEYS);
/** With LDAP on, the login may be a directory username: any text without spaces (doc 2 §5.2). */
export const ldapLoginError = (value: string) => keyOf(ldapLoginProblem(value), EMAIL_KEYS);

/** The confirmation must repeat the password. */
export const mismatch = (password: string, confirm: string): TranslationKey | undefined =>
  confirm === password ? undefined : 'com_auth_passwords_mismatch';

export type LoginFields = 'email' | 'password';
export type LoginValues = Record<LoginFields, string>;

/** Only the fields that fail, so an empty object means valid. */
function collect<F extends string>(found: Record<F, TranslationKey | undefined>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of Object.keys(found) as F[]) if (found[field]) errors[field] = found[field];
  return errors;
}

export function validateLogin(values: LoginValues, ldap = false): FieldErrors<LoginFields> {
  return collect({
    email: ldap ? ldapLoginError(values.email) : emailError(values.email),
    password: passwordError(values.password),
  });
}

export type RegisterFields = 'name' | 'username' | 'email' | 'password' | 'confirm_password';
export type RegisterValues = Record<RegisterFields, string>;

export function validateRegister(values: RegisterValues): FieldErrors<RegisterFields> {
  return collect({
    name: keyOf(nameProblem(values.name), NAME_KEYS),
    username: keyOf(usernameProblem(values.username), USERNAME_KEYS),
    email: emailError(values.email),
    password: passwordError(values.password),
    confirm_password: mismatch(values.password, values.confirm_password),
  });
}
