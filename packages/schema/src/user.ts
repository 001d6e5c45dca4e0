import { z } from 'zod';
import {
  AUTH_TEXT,
  EMAIL_PROBLEM_TEXT,
  NAME_PROBLEM_TEXT,
  PASSWORD_PROBLEM_TEXT,
  USERNAME_PROBLEM_TEXT,
} from './auth-text.ts';
import {
  emailProblem,
  ldapLoginProblem,
  nameProblem,
  passwordProblem,
  usernameProblem,
} from './text-rules.ts';

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

/**
 * A zod check from a text rule (text-rules.ts): the rule's problem becomes one issue with its
 * text, so the server and the web validators cannot drift apart.
 */
export function textRule<P extends string>(problem: (value: string) => P | null, text: Record<P, string>) {
  return (value: string, ctx: z.RefinementCtx<string>) => {
    const found = problem(value);
    if (found) ctx.addIssue({ code: 'custom', message: text[found] });
  };
}

/** An email address field (trimmed). */
export const EmailField = z
  .string({ error: AUTH_TEXT.emailRequired })
  .trim()
  .superRefine(textRule(emailProblem, EMAIL_PROBLEM_TEXT));

const password = z
  .string({ error: AUTH_TEXT.passwordRequired })
  .superRefine(textRule(passwordProblem, PASSWORD_PROBLEM_TEXT));

/** A new password, with the registration rules (also used by the operator CLI). */
export const NewPassword = password;

export const RegisterBody = z
  .object({
    name: z
      .string({ error: AUTH_TEXT.nameRequired })
      .trim()
      .superRefine(textRule(nameProblem, NAME_PROBLEM_TEXT)),
    username: z.string().trim().superRefine(textRule(usernameProblem, USERNAME_PROBLEM_TEXT)).optional(),
    email: EmailField,
    password,
    confirm_password: z.string(),
    token: z.string().optional(),
  })
  .refine((b) => b.password === b.confirm_password, {
    message: AUTH_TEXT.passwordsMismatch,
    path: ['confirm_password'],
  });
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({ email: EmailField, password });
export type LoginBody = z.infer<typeof LoginBody>;

/** With LDAP on, the login may be a directory username: any text without spaces (doc 2 §5.2). */
export const LdapLoginBody = z.object({
  email: z
    .string({ error: AUTH_TEXT.emailRequired })
    .trim()
    .superRefine(textRule(ldapLoginProblem, EMAIL_PROBLEM_TEXT)),
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
