import { createHash, randomBytes } from 'node:crypto';
import type { ActionTokenExchangeMethod } from '@parley/schema';
import { openBind, sealBind } from '../auth/sign-in-bind.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { ActionsRepo } from '../db/repos/actions.ts';
import type { ActionsTable } from '../db/schema.ts';
import { guardedFetch } from '../net/guarded-fetch.ts';
import type { ActionSecrets, StoredActionMetadata } from './stored.ts';

/**
 * OAuth 2 authorization code for actions (doc 3 §3 auth type oauth): the sign-in link, the
 * callback's code exchange and the refresh, with each user's tokens sealed per action. PKCE (S256)
 * is always sent: a server that supports it checks it, one that does not ignores the unknown
 * parameters (RFC 6749 §3.1, §3.2). The flow's state is sealed with the secret box, so it names the
 * user and action it was made for, carries the PKCE verifier out of the authorization server's
 * sight, and expires; no server-side flow store is needed (any instance can take the callback).
 */

/** How long a sign-in link (and the run waiting on it) lasts: LibreChat's two minutes. */
export const ACTION_SIGN_IN_MS = 120_000;
/** A token this close to its expiry is refreshed before a call. */
export const TOKEN_EXPIRY_SKEW_MS = 30_000;
/** Token endpoint exchanges are bounded like any outside call. */
export const TOKEN_REQUEST_TIMEOUT_MS = 15_000;
export const TOKEN_RESPONSE_MAX_BYTES = 64_000;
/** The bind cookie (POST …/oauth/bind) ties the callback to the browser of the user who signs in. */
export const BIND_COOKIE = 'action_oauth_bind';

export interface OAuthDeps {
  box: SecretBox;
  actions: ActionsRepo;
  /** DOMAIN_SERVER: the callback's origin. */
  domainServer: string;
  allowedPrivateHosts: readonly string[];
}

interface FlowState {
  u: string;
  a: string;
  v: string;
  e: number;
}

export const callbackUrl = (domainServer: string, actionId: string) =>
  `${domainServer.replace(/\/+$/, '')}/api/actions/${encodeURIComponent(actionId)}/oauth/callback`;

const base64url = (b: Buffer) => b.toString('base64url');

/** The link a user signs in with, valid until `expiresAt`. */
export function signInUrl(
  deps: Pick<OAuthDeps, 'box' | 'domainServer'>,
  action: ActionsTable,
  metadata: StoredActionMetadata,
  secrets: ActionSecrets,
  userId: string,
  now = Date.now(),
): { url: string; expiresAt: number } {
  const verifier = base64url(randomBytes(32));
  const expiresAt = now + ACTION_SIGN_IN_MS;
  const state = deps.box.seal(
    JSON.stringify({ u: userId, a: action.id, v: verifier, e: expiresAt } satisfies FlowState),
  );
  const url = new URL(metadata.auth.authorization_url!);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: secrets.clientId,
    redirect_uri: callbackUrl(deps.domainServer, action.id),
    scope: metadata.auth.scope ?? '',
    state,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    // Google and others give a refresh token only when asked for offline access (LibreChat sends it).
    access_type: 'offline',
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { url: url.toString(), expiresAt };
}

/** The flow a callback's `state` belongs to, when it is ours, for this action, and not expired. */
export function readState(box: SecretBox, state: string, actionId: string, now = Date.now()) {
  let flow: FlowState;
  try {
    flow = JSON.parse(box.open(state));
  } catch {
    return null;
  }
  if (flow.a !== actionId || typeof flow.u !== 'string' || !(flow.e > now)) return null;
  return { userId: flow.u, verifier: flow.v };
}

/** How long a bind cookie lasts (a sign-in may be retried within it). */
export const ACTION_BIND_TTL_MS = ACTION_SIGN_IN_MS * 5;

/** The bind cookie's value (auth/sign-in-bind.ts): the user, sealed, for this action. */
export const bindValue = (box: SecretBox, userId: string, actionId: string, now = Date.now()) =>
  sealBind(box, userId, `action:${actionId}`, ACTION_BIND_TTL_MS, now);

export const readBind = (box: SecretBox, value: string | undefined, actionId: string, now = Date.now()) =>
  openBind(box, value, `action:${actionId}`, now);

interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
}

/** One token endpoint request (code or refresh), with the client authenticated as the action says. */
async function tokenRequest(
  deps: Pick<OAuthDeps, 'allowedPrivateHosts'>,
  metadata: StoredActionMetadata,
  secrets: ActionSecrets,
  grant: Record<string, string>,
  signal?: AbortSignal,
): Promise<TokenAnswer> {
  const method: ActionTokenExchangeMethod = metadata.auth.token_exchange_method ?? 'default_post';
  const body = new URLSearchParams(grant);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (method === 'basic_auth_header') {
    // RFC 6749 §2.3.1: each part form-encoded, then joined and base64'd.
    const pair = `${encodeURIComponent(secrets.clientId)}:${encodeURIComponent(secrets.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else {
    body.set('client_id', secrets.clientId);
    if (secrets.clientSecret) body.set('client_secret', secrets.clientSecret);
  }
  const fetcher = guardedFetch({
    allowedHosts: deps.allowedPrivateHosts,
    timeoutMs: TOKEN_REQUEST_TIMEOUT_MS,
    maxResponseBytes: TOKEN_RESPONSE_MAX_BYTES,
  });
  const res = await fetcher(metadata.auth.client_url!, {
    method: 'POST',
    headers,
    body,
    redirect: 'error',
    signal,
  });
  const text = await res.text();
  let json: Partial<TokenAnswer> & { error?: string };
  try {
    json = JSON.parse(text);
  } catch {
    json = Object.fromEntries(new URLSearchParams(text)) as never;
  }
  if (!res.ok || typeof json.access_token !== 'string' || !json.access_token)
    throw new Error(
      `The token endpoint refused the request (HTTP ${res.status}${json.error ? `, ${json.error}` : ''}).`,
    );
  return {
    access_token: json.access_token,
    refresh_token: typeof json.refresh_token === 'string' ? json.refresh_token : undefined,
    expires_in: Number(json.expires_in) > 0 ? Number(json.expires_in) : undefined,
  };
}

async function storeTokens(
  deps: Pick<OAuthDeps, 'box' | 'actions'>,
  userId: string,
  actionId: string,
  answer: TokenAnswer,
  previousRefresh: string | null,
): Promise<string> {
  const now = Date.now();
  await deps.actions.putToken({
    user_id: userId,
    action_id: actionId,
    access_token: deps.box.seal(answer.access_token),
    // A refresh answer without a new refresh token keeps the old one (RFC 6749 §6).
    refresh_token: answer.refresh_token ? deps.box.seal(answer.refresh_token) : previousRefresh,
    expires_at: answer.expires_in ? now + answer.expires_in * 1000 : null,
    created_at: now,
    updated_at: now,
  });
  signedIn(userId, actionId);
  return answer.access_token;
}

/** The callback's exchange: the code for tokens, stored sealed for the user. */
export async function exchangeCode(
  deps: OAuthDeps,
  action: ActionsTable,
  metadata: StoredActionMetadata,
  secrets: ActionSecrets,
  userId: string,
  code: string,
  verifier: string,
): Promise<void> {
  const answer = await tokenRequest(deps, metadata, secrets, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: callbackUrl(deps.domainServer, action.id),
    code_verifier: verifier,
  });
  await storeTokens(deps, userId, action.id, answer, null);
}

/**
 * A usable access token of the user for the action: the stored one while it is valid, else a
 * refreshed one (stored again), else null (the user must sign in; a refused refresh forgets the
 * tokens).
 */
export async function accessToken(
  deps: OAuthDeps,
  action: ActionsTable,
  metadata: StoredActionMetadata,
  secrets: ActionSecrets,
  userId: string,
  signal?: AbortSignal,
): Promise<string | null> {
  const row = await deps.actions.token(userId, action.id);
  if (!row) return null;
  const expiresAt = row.expires_at === null ? null : Number(row.expires_at);
  if (expiresAt === null || expiresAt > Date.now() + TOKEN_EXPIRY_SKEW_MS)
    return deps.box.open(row.access_token);
  if (!row.refresh_token) {
    // Expired for good: gone, so a sign-in wait does not take the stale row for a new sign-in.
    await deps.actions.removeToken(userId, action.id);
    return null;
  }
  try {
    const answer = await tokenRequest(
      deps,
      metadata,
      secrets,
      { grant_type: 'refresh_token', refresh_token: deps.box.open(row.refresh_token) },
      signal,
    );
    return await storeTokens(deps, userId, action.id, answer, row.refresh_token);
  } catch {
    await deps.actions.removeToken(userId, action.id);
    return null;
  }
}

// ── Waiting for a sign-in ─────────────────────────────────────────────────────────────────────

/** Runs waiting for a user's sign-in to an action on this instance, woken by its callback. */
const waiting = new Map<string, Set<() => void>>();
/** Another instance's callback is seen by polling the token row at this pace. */
export const SIGN_IN_POLL_MS = 1000;

function signedIn(userId: string, actionId: string): void {
  for (const wake of waiting.get(`${userId}:${actionId}`) ?? []) wake();
}

/**
 * Wait until the user has a token for the action (their callback ran), up to `until` or the
 * signal: true when signed in. Woken at once by a callback on this instance, else by polling.
 */
export async function waitForSignIn(
  deps: Pick<OAuthDeps, 'actions'>,
  userId: string,
  actionId: string,
  until: number,
  signal: AbortSignal,
): Promise<boolean> {
  const key = `${userId}:${actionId}`;
  let wake = () => {};
  const set = waiting.get(key) ?? new Set();
  waiting.set(key, set);
  try {
    while (Date.now() < until && !signal.aborted) {
      if (await deps.actions.token(userId, actionId)) return true;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(SIGN_IN_POLL_MS, Math.max(0, until - Date.now())));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
        set.add(wake);
        signal.addEventListener('abort', wake, { once: true });
      });
      set.delete(wake);
      signal.removeEventListener('abort', wake);
    }
    return Boolean(await deps.actions.token(userId, actionId));
  } finally {
    set.delete(wake);
    if (set.size === 0) waiting.delete(key);
  }
}
