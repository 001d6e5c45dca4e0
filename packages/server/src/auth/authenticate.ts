import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UsersRepo } from '../db/repos/users.ts';
import { AppError } from '../errors.ts';
import type { AbuseControls } from '../limits/abuse.ts';
import { assertNotBanned } from './ban.ts';
import type { TokenService } from './tokens.ts';

export interface AuthUser {
  id: string;
  role: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
  }
}

/**
 * onRequest hook for the authenticated scope: a valid Bearer access token or 401. With `users`,
 * the user row is read too (one primary-key lookup): a deleted user gets 401, a banned one 403,
 * and a role changed by an admin applies at once instead of when the token expires. With `abuse`,
 * a temporarily banned IP is refused too.
 */
export function authenticate(tokens: TokenService, users?: UsersRepo, abuse?: AbuseControls) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    if (abuse) await abuse.assertIpNotBanned(req);
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new AppError('unauthorized');
    const claims = await tokens.verifyAccess(header.slice(7).trim());
    if (!claims) throw new AppError('invalid_token');
    req.user = { id: claims.sub, role: claims.role };
    if (!users) return;
    const state = await users.authState(claims.sub);
    if (!state) throw new AppError('invalid_token');
    assertNotBanned(state);
    req.user.role = state.role;
  };
}
