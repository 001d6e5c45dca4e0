/**
 * Account and two-factor constants and helpers, free of zod: the sign-in and settings screens use
 * them without pulling the schema library onto the critical path.
 */

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
/**
 * After an OpenID or social sign-in the tempToken travels in an httpOnly cookie, not in the address:
 * the callback sends the browser to /login/2fa?sso=1, and the page then posts the code alone.
 */
export const TWO_FA_SSO_PARAM = 'sso';

/** Profile picture rules (doc 3 §5 Avatars, §9): png/jpg/jpeg, a 250 px crop canvas, zoom 1–5. */
export const AVATAR_CANVAS_SIZE = 250;
export const AVATAR_ZOOM_MIN = 1;
export const AVATAR_ZOOM_MAX = 5;
export const AVATAR_ROTATE_STEP = 90;
/** LibreChat's default `fileConfig.avatarSizeLimit` (2 MB) when the config sets none. */
export const AVATAR_DEFAULT_SIZE_LIMIT = 2 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export const AVATAR_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;

/** The delete-account lock (doc 3 §4, §5): the typed email equals the account's, ignoring case. */
export function emailMatches(typed: string, email: string): boolean {
  const a = typed.trim().toLowerCase();
  return a.length > 0 && a === email.trim().toLowerCase();
}
