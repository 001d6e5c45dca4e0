import { TWO_FA_TEMP_TOKEN_TTL_MS } from '@parley/schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookiePolicy } from '../sessions.ts';

/**
 * The tempToken of an OpenID or social sign-in waiting for its second factor. It rides in a cookie
 * rather than the redirect's address: httpOnly (no script reads it), kept out of history and Referer
 * headers, SameSite=Strict and scoped to verify-temp (no other request carries it), gone after 5 min.
 */
export const TWO_FA_PENDING_COOKIE = 'parley_2fa';
const PATH = '/api/auth/2fa/verify-temp';

export function setPendingTwoFactorCookie(reply: FastifyReply, tempToken: string, policy: CookiePolicy) {
  reply.setCookie(TWO_FA_PENDING_COOKIE, tempToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: policy.secure,
    path: PATH,
    maxAge: TWO_FA_TEMP_TOKEN_TTL_MS / 1000,
  });
}

export function pendingTwoFactorToken(req: FastifyRequest): string | undefined {
  return req.cookies[TWO_FA_PENDING_COOKIE] || undefined;
}

export function clearPendingTwoFactorCookie(reply: FastifyReply, policy: CookiePolicy) {
  reply.clearCookie(TWO_FA_PENDING_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: policy.secure,
    path: PATH,
  });
}
