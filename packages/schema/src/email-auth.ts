import { z } from 'zod';
import { AUTH_TEXT } from './auth-text.ts';
import { EmailField, NewPassword } from './user.ts';

/** Email verification, forgot and reset password payloads (doc 2 §3.2, §5.3–5.4). */

/** Texts the server answers with (doc 2 §4.2–4.4, §5.3). */
export const EMAIL_AUTH_TEXT = {
  resetTokenMissing: 'Unable to process: No valid reset token',
  resetUserMissing: 'Unable to process: No valid user id',
  /** The same answer whether or not the account exists: the form cannot probe accounts. */
  resetRequested:
    'If an account with that email exists, an email with instructions to reset the password has been sent.',
  resetDone: 'Password reset was successful.',
  verified: 'Email verification was successful.',
  resendSent:
    'If an account with that email exists and is not verified yet, a new verification email has been sent.',
} as const;

export const VerifyEmailBody = z.object({
  email: EmailField,
  token: z.string().min(1).max(200),
});
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

export const ResendVerificationBody = z.object({ email: EmailField });
export type ResendVerificationBody = z.infer<typeof ResendVerificationBody>;

export const RequestPasswordResetBody = z.object({ email: EmailField });
export type RequestPasswordResetBody = z.infer<typeof RequestPasswordResetBody>;

/** `link` only when the server cannot send email (doc 2 §4.4). */
export const RequestPasswordResetResult = z.object({ message: z.string(), link: z.string().optional() });
export type RequestPasswordResetResult = z.infer<typeof RequestPasswordResetResult>;

export const ResetPasswordBody = z
  .object({
    token: z
      .string({ error: EMAIL_AUTH_TEXT.resetTokenMissing })
      .min(1, EMAIL_AUTH_TEXT.resetTokenMissing)
      .max(200, EMAIL_AUTH_TEXT.resetTokenMissing),
    userId: z
      .string({ error: EMAIL_AUTH_TEXT.resetUserMissing })
      .min(1, EMAIL_AUTH_TEXT.resetUserMissing)
      .max(100, EMAIL_AUTH_TEXT.resetUserMissing),
    password: NewPassword,
    confirm_password: z.string(),
  })
  .refine((b) => b.password === b.confirm_password, {
    message: AUTH_TEXT.passwordsMismatch,
    path: ['confirm_password'],
  });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;
