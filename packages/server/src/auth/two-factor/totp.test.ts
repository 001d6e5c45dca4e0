import { TOTP_PERIOD_S } from '@parley/schema';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchTotpStep, newTotpSecret, totpStep, totpUri } from './totp.ts';

const STEP_MS = TOTP_PERIOD_S * 1000;
const codeAt = (secret: string, timestamp: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });

describe('totp', () => {
  const secret = newTotpSecret();
  // The middle of a step, so ±1 step is unambiguous.
  const now = 1_800_000_000_000 - (1_800_000_000_000 % STEP_MS) + STEP_MS / 2;

  it('makes 160-bit base32 secrets, different each time', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('accepts the codes of the previous, current and next step and says which step matched', () => {
    const step = totpStep(now);
    expect(matchTotpStep(secret, codeAt(secret, now - STEP_MS), now)).toBe(step - 1);
    expect(matchTotpStep(secret, codeAt(secret, now), now)).toBe(step);
    expect(matchTotpStep(secret, codeAt(secret, now + STEP_MS), now)).toBe(step + 1);
  });

  it('refuses codes two steps away, codes of another secret and malformed input', () => {
    expect(matchTotpStep(secret, codeAt(secret, now - 2 * STEP_MS), now)).toBeNull();
    expect(matchTotpStep(secret, codeAt(secret, now + 2 * STEP_MS), now)).toBeNull();
    expect(matchTotpStep(newTotpSecret(), codeAt(secret, now), now)).toBeNull();
    expect(matchTotpStep(secret, '12345', now)).toBeNull();
    expect(matchTotpStep(secret, 'abcdef', now)).toBeNull();
  });

  it('puts the issuer, the account and the secret in the otpauth URI', () => {
    const uri = new URL(totpUri(secret, { issuer: 'Parley', label: 'a@example.com' }));
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toContain('Parley:a@example.com');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });
});
