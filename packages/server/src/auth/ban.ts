import { AppError } from '../errors.ts';

/** "Until unbanned": a ban end far enough away to never pass (year 9999). */
export const BAN_FOREVER = 253_402_300_799_000;

export function isBanned(user: { banned_until?: number | null }, now = Date.now()): boolean {
  return user.banned_until != null && Number(user.banned_until) > now;
}

/** Login, refresh and every authenticated request refuse a banned user with the spec's text. */
export function assertNotBanned(user: { banned_until?: number | null }): void {
  if (isBanned(user)) throw new AppError('banned');
}
