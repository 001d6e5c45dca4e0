import { z } from 'zod';
import { AUTH_TEXT } from './auth-text.ts';
import {
  EMAIL_MAX,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from './constants.ts';

export const User = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: z.string(),
  provider: z.string(),
  emailVerified: z.boolean(),
  /** The terms of service were accepted (doc 3 §3 User; only asked when modalAcceptance is on). */
  termsAccepted: z.boolean().optional(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.number(),
});
export type User = z.infer<typeof User>;

const email = z
  .string({ error: AUTH_TEXT.emailRequired })
  .trim()
  .min(1, AUTH_TEXT.emailRequired)
  .max(EMAIL_MAX, AUTH_TEXT.emailMax)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, AUTH_TEXT.emailInvalid);

const password = z
  .string({ error: AUTH_TEXT.passwordRequired })
  .min(1, AUTH_TEXT.passwordRequired)
  .min(PASSWORD_MIN, AUTH_TEXT.passwordMin)
  .max(PASSWORD_MAX, AUTH_TEXT.passwordMax);

/** A new password, with the registration rules (also used by the operator CLI). */
export const NewPassword = password;

export const RegisterBody = z
  .object({
    name: z
      .string({ error: AUTH_TEXT.nameRequired })
      .trim()
      .min(1, AUTH_TEXT.nameRequired)
      .min(NAME_MIN, AUTH_TEXT.nameMin)
      .max(NAME_MAX, AUTH_TEXT.nameMax),
    username: z
      .string()
      .trim()
      .max(USERNAME_MAX, AUTH_TEXT.usernameMax)
      .refine((v) => v === '' || v.length >= USERNAME_MIN, AUTH_TEXT.usernameMin)
      .optional(),
    email,
    password,
    confirm_password: z.string(),
    token: z.string().optional(),
  })
  .refine((b) => b.password === b.confirm_password, {
    message: AUTH_TEXT.passwordsMismatch,
    path: ['confirm_password'],
  });
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({ email, password });
export type LoginBody = z.infer<typeof LoginBody>;

/** With LDAP on, the login may be a directory username: any text without spaces (doc 2 §5.2). */
export const LdapLoginBody = z.object({
  email: z
    .string({ error: AUTH_TEXT.emailRequired })
    .trim()
    .min(1, AUTH_TEXT.emailRequired)
    .max(EMAIL_MAX, AUTH_TEXT.emailMax)
    .regex(/^\S+$/, AUTH_TEXT.emailInvalid),
  password,
});

/** GET /oauth/:provider and its callback: openid or a social provider (doc 2 §2.2). */
export const OAuthProviderParams = z.object({ provider: z.string().max(32) });

/** Login result (doc 1 §3). */
export const LoginResult = z.object({
  token: z.string().optional(),
  user: User.optional(),
  twoFAPending: z.boolean().optional(),
  tempToken: z.string().optional(),
});
export type LoginResult = z.infer<typeof LoginResult>;

export const RefreshResult = z.object({ token: z.string(), user: User });
export type RefreshResult = z.infer<typeof RefreshResult>;

export const MessageResult = z.object({ message: z.string() });
