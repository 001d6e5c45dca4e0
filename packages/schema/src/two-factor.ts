import { z } from 'zod';

/** Two-factor constants (doc 3 §9; LibreChat facts: 30 s TOTP, 5 min temp token, 10 backup codes). */
export const TWO_FA_CODE_LENGTH = 6;
export const BACKUP_CODE_LENGTH = 8;
export const BACKUP_CODE_COUNT = 10;
export const TWO_FA_QR_SIZE = 240;
export const TWO_FA_COPY_FEEDBACK_MS = 2000;
export const BACKUP_CODES_FILENAME = 'backup-codes.txt';
/** TOTP step length (seconds) and how many steps either side of now a code may come from. */
export const TOTP_PERIOD_S = 30;
export const TOTP_WINDOW = 1;
/** How long the second login step may take: the signed tempToken expires after this. */
export const TWO_FA_TEMP_TOKEN_TTL_MS = 5 * 60 * 1000;

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

export const TwoFactorVerifyTempBody = z
  .object({
    tempToken: z.string().min(1).max(2000),
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
