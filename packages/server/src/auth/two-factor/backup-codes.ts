import { createHmac, randomBytes } from 'node:crypto';
import { BACKUP_CODE_COUNT, BACKUP_CODE_LENGTH } from '@parley/schema';

/** 32 symbols (Crockford's base32, lowercase: no i, l, o, u), so `byte & 31` picks without bias. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** `count` distinct 8-character codes (40 bits each) from a CSPRNG. */
export function generateBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const bytes = randomBytes(BACKUP_CODE_LENGTH);
    codes.add(Array.from(bytes, (b) => ALPHABET[b & 31]).join(''));
  }
  return [...codes];
}

/** What people type: spaces and dashes dropped, case ignored. */
export const normalizeBackupCode = (input: string) => input.replace(/[\s-]/g, '').toLowerCase();

/**
 * Backup codes are stored as an HMAC-SHA256 keyed from CREDS_KEY: a leaked table cannot be brute
 * forced offline (40-bit codes would fall to a plain hash), and equal codes hash equally, so a code
 * is found and spent with one atomic UPDATE.
 */
export function backupCodeHasher(credsKey: string): (code: string) => string {
  const key = createHmac('sha256', Buffer.from(credsKey, 'hex')).update('parley:backup-codes').digest();
  return (code) => createHmac('sha256', key).update(normalizeBackupCode(code)).digest('hex');
}
