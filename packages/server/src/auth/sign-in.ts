import type { User } from '@parley/schema';
import type { FastifyReply } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import { presentUser } from '../presenters/user.ts';
import type { Services } from '../services.ts';
import { assertNotBanned } from './ban.ts';
import { setRefreshCookie } from './sessions.ts';

/** What the user has proven so far: their credentials (password, directory, provider), or also a code. */
export type SignInProof = 'credentials' | 'second-factor';

/** A sign-in waiting for its second factor, or a session. Both are LoginResult shapes. */
export type SignInResult = { twoFAPending: true; tempToken: string } | { token: string; user: User };

/**
 * The end of every sign-in: password and LDAP login, the OpenID and social callbacks, and
 * two-factor verify-temp. In this order:
 * - a banned user is refused (403) before anything is issued;
 * - an account with two-factor on that has proven only its credentials gets no session, only the
 *   short-lived tempToken verify-temp takes ("once it is on, every sign-in route asks for it");
 * - otherwise a session opens: the refresh cookie is set on `reply`, the access token returned.
 * Callers differ only in how they deliver the result: the login routes answer it as JSON, the
 * OAuth callback turns it into the pending cookie or a redirect.
 */
export async function finishSignIn(
  s: Pick<Services, 'sessions' | 'twoFactorTemp' | 'cookie'>,
  reply: FastifyReply,
  user: UserRow,
  proof: SignInProof,
): Promise<SignInResult> {
  assertNotBanned(user);
  if (user.two_factor_enabled === 1 && proof === 'credentials')
    return { twoFAPending: true, tempToken: await s.twoFactorTemp.sign(user.id) };
  const { access, refresh } = await s.sessions.open(user);
  setRefreshCookie(reply, refresh.token, refresh.expiresAt, s.cookie);
  return { token: access, user: presentUser(user) };
}
