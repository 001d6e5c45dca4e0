import { REFRESH_COOKIE } from '@parley/schema';
import type { FastifyReply } from 'fastify';
import type { Repos } from '../db/repos/index.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { assertNotBanned } from './ban.ts';
import type { TokenService } from './tokens.ts';

/** How long the token before a rotation stays usable, for refreshes racing from several tabs. */
export const REFRESH_GRACE_MS = 30_000;

export interface CookiePolicy {
  secure: boolean;
}

/** The refresh cookie: httpOnly, SameSite=Strict, sent only to the auth routes (DESIGN §4). */
export function setRefreshCookie(
  reply: FastifyReply,
  token: string,
  expiresAt: number,
  policy: CookiePolicy,
) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: policy.secure,
    path: '/api/auth',
    expires: new Date(expiresAt),
  });
}

export function clearRefreshCookie(reply: FastifyReply, policy: CookiePolicy) {
  reply.clearCookie(REFRESH_COOKIE, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: policy.secure,
  });
}

export function sessionService(repos: Repos, tokens: TokenService) {
  return {
    /** A new session for a signed-in user: access token + first refresh token (auth/sign-in.ts checked the ban). */
    async open(user: UserRow) {
      const refresh = tokens.newRefresh();
      const now = Date.now();
      await repos.sessions.removeExpired();
      await repos.sessions.create({
        id: refresh.sessionId,
        user_id: user.id,
        token_hash: refresh.hash,
        prev_token_hash: null,
        expires_at: refresh.expiresAt,
        created_at: now,
        rotated_at: now,
      });
      return { access: await tokens.signAccess({ sub: user.id, role: user.role }), refresh };
    },

    /**
     * Rotate a refresh token. A token that is not the session's current one has been used before:
     * the whole session is revoked, so a stolen token stops working for the thief and the owner.
     * The one exception is the token replaced less than REFRESH_GRACE_MS ago: tabs sharing one
     * cookie refresh concurrently on load.
     */
    async rotate(presented: string) {
      const parsed = tokens.parseRefresh(presented);
      if (!parsed) throw new AppError('invalid_token');
      const session = await repos.sessions.find(parsed.sessionId);
      if (!session) throw new AppError('invalid_token');
      if (session.expires_at <= Date.now()) {
        await repos.sessions.remove(session.id);
        throw new AppError('invalid_token');
      }
      const current = tokens.sameHash(session.token_hash, parsed.hash);
      const racing =
        session.prev_token_hash !== null &&
        tokens.sameHash(session.prev_token_hash, parsed.hash) &&
        Date.now() - session.rotated_at < REFRESH_GRACE_MS;
      if (!current && !racing) {
        await repos.sessions.remove(session.id);
        throw new AppError(
          'invalid_token',
          'This session was revoked because an old refresh token was reused.',
        );
      }
      const user = await repos.users.findById(session.user_id);
      if (!user) throw new AppError('invalid_token');
      assertNotBanned(user);
      const next = tokens.newRefresh(session.id);
      const rotated = await repos.sessions.rotate(
        session.id,
        parsed.hash,
        next.hash,
        next.expiresAt,
        REFRESH_GRACE_MS,
      );
      if (!rotated) {
        await repos.sessions.remove(session.id);
        throw new AppError('invalid_token');
      }
      return { user, access: await tokens.signAccess({ sub: user.id, role: user.role }), refresh: next };
    },

    async close(presented: string | undefined) {
      const parsed = presented ? tokens.parseRefresh(presented) : null;
      if (!parsed) return;
      const session = await repos.sessions.find(parsed.sessionId);
      if (session && tokens.sameHash(session.token_hash, parsed.hash))
        await repos.sessions.remove(session.id);
    },
  };
}
export type SessionService = ReturnType<typeof sessionService>;
