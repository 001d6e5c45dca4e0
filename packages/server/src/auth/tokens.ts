import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS } from '@parley/schema';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  sub: string;
  role: string;
}

export function tokenService(opts: { jwtSecret: string; refreshSecret: string }) {
  const accessKey = new TextEncoder().encode(opts.jwtSecret);

  /** Refresh tokens are stored only as an HMAC, so a database dump cannot be replayed. */
  const hashRefresh = (token: string) => createHmac('sha256', opts.refreshSecret).update(token).digest('hex');

  return {
    async signAccess(claims: AccessClaims): Promise<string> {
      return new SignJWT({ role: claims.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor((Date.now() + ACCESS_TOKEN_TTL_MS) / 1000))
        .sign(accessKey);
    },

    async verifyAccess(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, accessKey, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string') return null;
        return { sub: payload.sub, role: String(payload.role ?? '') };
      } catch {
        return null;
      }
    },

    /** A new refresh token for a session: `<sessionId>.<secret>`. */
    newRefresh(sessionId: string = randomUUID()) {
      const token = `${sessionId}.${randomBytes(32).toString('base64url')}`;
      return { sessionId, token, hash: hashRefresh(token), expiresAt: Date.now() + REFRESH_TOKEN_TTL_MS };
    },

    parseRefresh(token: string): { sessionId: string; hash: string } | null {
      const dot = token.indexOf('.');
      if (dot <= 0 || token.length > 200) return null;
      return { sessionId: token.slice(0, dot), hash: hashRefresh(token) };
    },

    sameHash(a: string, b: string): boolean {
      const x = Buffer.from(a);
      const y = Buffer.from(b);
      return x.length === y.length && timingSafeEqual(x, y);
    },
  };
}
export type TokenService = ReturnType<typeof tokenService>;
