import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SecretBox } from '../../crypto/secret-box.ts';

/** The cookie that carries one sign-in attempt from /oauth/:provider to its callback. */
export const FLOW_COOKIE = 'parley_oauth';
const FLOW_TTL_MS = 10 * 60_000;

export interface FlowState {
  provider: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * Sealed (AES-GCM) so the PKCE verifier stays secret and the values cannot be forged. SameSite=Lax
 * so the top-level redirect back from the provider carries it; Apple answers with a cross-site
 * form POST, which only a SameSite=None (and so Secure) cookie survives.
 */
export function saveFlow(reply: FastifyReply, box: SecretBox, flow: FlowState, secure: boolean) {
  const crossSitePost = flow.provider === 'apple' && secure;
  reply.setCookie(FLOW_COOKIE, box.seal(JSON.stringify({ ...flow, exp: Date.now() + FLOW_TTL_MS })), {
    httpOnly: true,
    secure,
    sameSite: crossSitePost ? 'none' : 'lax',
    path: '/oauth',
    maxAge: FLOW_TTL_MS / 1000,
  });
}

/** The attempt for this provider, if the cookie is present, intact and fresh; the cookie is cleared. */
export function takeFlow(
  req: FastifyRequest,
  reply: FastifyReply,
  box: SecretBox,
  provider: string,
): FlowState | null {
  const sealed = req.cookies[FLOW_COOKIE];
  reply.clearCookie(FLOW_COOKIE, { path: '/oauth' });
  if (!sealed) return null;
  try {
    const flow = JSON.parse(box.open(sealed)) as FlowState & { exp: number };
    if (flow.provider !== provider || flow.exp < Date.now()) return null;
    return flow;
  } catch {
    return null;
  }
}
