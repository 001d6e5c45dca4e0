import type { FastifyReply } from 'fastify';
import type { SecretBox } from '../crypto/secret-box.ts';

/*
 * The "bind" cookie of an outside sign-in (actions' and MCP servers' OAuth): set in the user's
 * browser before the sign-in window opens, so the callback completes a sign-in only in the browser
 * of the user it was started for (a link started by someone else never lands tokens in a victim's
 * account). Sealed: the user, what the sign-in is for, and an expiry.
 */

/** The cookie's value for `userId` signing in to `target`, valid for `ttlMs`. */
export const sealBind = (box: SecretBox, userId: string, target: string, ttlMs: number, now = Date.now()) =>
  box.seal(JSON.stringify({ u: userId, t: target, e: now + ttlMs }));

/** The user the cookie names for `target` (null: none, expired, tampered or for another target). */
export function openBind(box: SecretBox, value: string | undefined, target: string, now = Date.now()) {
  if (!value) return null;
  try {
    const b = JSON.parse(box.open(value)) as { u: unknown; t: unknown; e: number };
    return b.t === target && b.e > now && typeof b.u === 'string' ? b.u : null;
  } catch {
    return null;
  }
}

/** Sets the cookie on the callback's path only, for as long as the sign-in may take. */
export function setBindCookie(
  reply: FastifyReply,
  o: { name: string; value: string; path: string; secure: boolean; ttlMs: number },
) {
  reply.setCookie(o.name, o.value, {
    httpOnly: true,
    // Lax: the authorization server's redirect back is a top-level cross-site navigation.
    sameSite: 'lax',
    secure: o.secure,
    path: o.path,
    maxAge: Math.floor(o.ttlMs / 1000),
  });
}
