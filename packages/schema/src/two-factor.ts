import { z } from 'zod';

/** Exactly 6 digits (doc 3 §5 "Two-factor code"). */
export const TotpToken = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code must be 6 digits.');

/** 8 characters; spaces and dashes people type while copying are ignored, case too. */
export const BackupCode = z
  .string()
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[0-9a-z]{8}$/, 'The backup code must be 8 characters.'));

/** Either a current code or a backup code (verify, disable, regenerate). */
export const TwoFactorCodeBody = z
  .object({ token: TotpToken.optional(), backupCode: BackupCode.optional() })
  .refine((b) => Boolean(b.token) !== Boolean(b.backupCode), {
    message: 'Send either a 6-digit code or a backup code.',
    path: ['token'],
  });
export type TwoFactorCodeBody = z.input<typeof TwoFactorCodeBody>;

export const TwoFactorConfirmBody = z.object({ token: TotpToken });
export type TwoFactorConfirmBody = z.infer<typeof TwoFactorConfirmBody>;

/** tempToken may be left out after a single sign-on: the server then reads its httpOnly cookie. */
export const TwoFactorVerifyTempBody = z
  .object({
    tempToken: z.string().min(1).max(2000).optional(),
    token: TotpToken.optional(),
    backupCode: BackupCode.optional(),
  })
  .refine((b) => Boolean(b.token) !== Boolean(b.backupCode), {
    message: 'Send either a 6-digit code or a backup code.',
    path: ['token'],
  });
export type TwoFactorVerifyTempBody = z.input<typeof TwoFactorVerifyTempBody>;

/** enable: the otpauth URI (it contains the secret) and the plain backup codes, shown once. */
export const TwoFactorEnableResult = z.object({
  otpauthUrl: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnableResult = z.infer<typeof TwoFactorEnableResult>;

export const BackupCodeStatus = z.object({
  codeHash: z.string(),
  used: z.boolean(),
  usedAt: z.number().nullable(),
});

/** regenerate: new plain codes (shown once) and their stored form (doc 3 §3). */
export const BackupCodesResult = z.object({
  backupCodes: z.array(z.string()),
  backupCodesHash: z.array(BackupCodeStatus),
});
export type BackupCodesResult = z.infer<typeof BackupCodesResult>;
