import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { Services } from '../services.ts';
import { assertNotBanned } from './ban.ts';
import type { AuthUser } from './request-user.ts';

type IdentifyServices = Pick<Services, 'tokens' | 'repos' | 'abuse'>;

/**
 * Who is asking, decided in one place for every route that accepts an access token:
 * - a temporarily banned IP: 403 banned;
 * - no `Bearer` header: null (nobody claims to be signed in);
 * - a token that does not verify, or whose user no longer exists: 401 invalid_token;
 * - a banned user: 403 banned, even with a token issued before the ban;
 * - otherwise the user, with the role read now (an admin's change applies at once, not when the
 *   token expires). One primary-key read per request.
 */
export async function identify(s: IdentifyServices, req: FastifyRequest): Promise<AuthUser | null> {
  await s.abuse.assertIpNotBanned(req);
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const claims = await s.tokens.verifyAccess(header.slice(7).trim());
  if (!claims) throw new AppError('invalid_token');
  const state = await s.repos.users.authState(claims.sub);
  if (!state) throw new AppError('invalid_token');
  assertNotBanned(state);
  return { id: claims.sub, role: state.role };
}

/** onRequest hook of the authenticated scope (and of the sign-in-only share read): identify or 401. */
export function requireUser(s: IdentifyServices) {
  return async (req: FastifyRequest) => {
    const user = await identify(s, req);
    if (!user) throw new AppError('unauthorized');
    req.user = user;
  };
}

/**
 * Optional sign-in (the banner): the user when the request proves one, else null. A refused
 * identity (expired token, banned user or IP) reads as signed out rather than failing a public read.
 */
export async function signedInOrNull(s: IdentifyServices, req: FastifyRequest): Promise<AuthUser | null> {
  try {
    return await identify(s, req);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
