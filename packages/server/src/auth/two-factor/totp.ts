import { TOTP_PERIOD_S, TOTP_WINDOW, TWO_FA_CODE_LENGTH } from '@parley/schema';
import { Secret, TOTP } from 'otpauth';

const PARAMS = { algorithm: 'SHA1', digits: TWO_FA_CODE_LENGTH, period: TOTP_PERIOD_S } as const;

/** A new 160-bit TOTP secret (RFC 4226's recommended length), base32 as authenticator apps expect. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI the QR code carries (it contains the secret). */
export function totpUri(secret: string, opts: { issuer: string; label: string }): string {
  return new TOTP({
    ...PARAMS,
    issuer: opts.issuer,
    label: opts.label,
    secret: Secret.fromBase32(secret),
  }).toString();
}

/** The step (30 s counter) of now, so callers can tell steps apart. */
export function totpStep(now = Date.now()): number {
  return TOTP.counter({ period: TOTP_PERIOD_S, timestamp: now });
}

/**
 * The step a code belongs to when it matches one of the steps now ± TOTP_WINDOW, else null. The
 * caller remembers the step of the last accepted code, so the same code cannot be used twice.
 */
export function matchTotpStep(secret: string, token: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(token)) return null;
  const delta = TOTP.validate({
    ...PARAMS,
    token,
    secret: Secret.fromBase32(secret),
    window: TOTP_WINDOW,
    timestamp: now,
  });
  return delta === null ? null : totpStep(now) + delta;
}
