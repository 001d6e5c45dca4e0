import { createHmac } from 'node:crypto';
import { TWO_FA_TEMP_TOKEN_TTL_MS } from '@parley/schema';
import { jwtVerify, SignJWT } from 'jose';

const AUDIENCE = 'parley:2fa-login';

/**
 * The tempToken of a login waiting for its second factor: a JWT that expires after
 * TWO_FA_TEMP_TOKEN_TTL_MS, signed with a key derived from JWT_SECRET for this one purpose, so it
 * can never pass as an access token (and an access token never passes as one of these).
 */
export function twoFactorTempTokens(jwtSecret: string) {
  const key = createHmac('sha256', jwtSecret).update('parley:2fa-temp-token').digest();
  return {
    sign(userId: string, now = Date.now()): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor((now + TWO_FA_TEMP_TOKEN_TTL_MS) / 1000))
        .sign(key);
    },
    /** The user id, or null for anything expired, forged or meant for another purpose. */
    async verify(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}
export type TwoFactorTempTokens = ReturnType<typeof twoFactorTempTokens>;
