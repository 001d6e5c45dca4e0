import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { openBind, sealBind } from '../auth/sign-in-bind.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { McpServersRepo } from '../db/repos/mcp-servers.ts';
import type { McpServerDef } from './servers.ts';

/**
 * OAuth for remote MCP servers (issue 16): the SDK's `auth()` does discovery (protected resource
 * and authorization server metadata), dynamic client registration when the server offers it,
 * PKCE and the token exchange; this provider keeps each user's state for a server sealed in
 * `mcp_oauth`, and builds the `state` parameter that brings the browser's callback back to them.
 */

export interface OAuthSettings {
  /** Where the authorization server sends the browser back: `<base>/api/mcp/<server>/oauth/callback`. */
  redirectBase: string;
  /** Signs `state` (the callback has no signed-in user: the state says who it is for). */
  stateKey: string;
}

interface Stored {
  client?: StoredOAuthClientInformation;
  tokens?: StoredOAuthTokens;
  /** When the tokens were saved (ms): with `expires_in`, when the access token expires. */
  tokensAt?: number;
  verifier?: string;
  nonce?: string;
  authorizationUrl?: string;
  /** Why the last sign-in ended without tokens (cancelled, refused): GET …/oauth/status/:flowId. */
  failed?: string;
}

/** LibreChat's flow id for one user's sign-in to one server: `<userId>:<serverName>`. */
export const oauthFlowId = (userId: string, server: string) => `${userId}:${server}`;

/** The server a flow id names when it is this user's (null: another user's, or not a flow id). */
export function ownFlowServer(userId: string, flowId: string): string | null {
  const prefix = `${userId}:`;
  return flowId.startsWith(prefix) && flowId.length > prefix.length ? flowId.slice(prefix.length) : null;
}

/**
 * POST /api/mcp/:serverName/oauth/bind sets this cookie (sealed: user, server, expiry) before the
 * sign-in window opens; the callback completes a sign-in only in the browser of the user it was
 * started for, so a link started by someone else can never put the victim's tokens in their account.
 */
export const MCP_BIND_COOKIE = 'mcp_oauth_bind';
export const MCP_BIND_TTL_MS = 10 * 60_000;

export const mcpBindValue = (box: SecretBox, userId: string, server: string, now = Date.now()) =>
  sealBind(box, userId, `mcp:${server}`, MCP_BIND_TTL_MS, now);

/** The user the bind cookie names for this server (null: none, expired, or for another server). */
export const readMcpBind = (box: SecretBox, value: string | undefined, server: string, now = Date.now()) =>
  openBind(box, value, `mcp:${server}`, now);

export const oauthCallbackPath = (server: string) => `/api/mcp/${encodeURIComponent(server)}/oauth/callback`;

const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** `state` = payload.signature, the payload naming user, server and this sign-in's nonce. */
export function signState(key: string, v: { u: string; s: string; n: string }): string {
  const payload = Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

export function readState(key: string, state: string): { u: string; s: string; n: string } | null {
  const [payload, mac] = state.split('.');
  if (!payload || !mac) return null;
  const want = Buffer.from(sign(key, payload));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const v = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof v?.u === 'string' && typeof v?.s === 'string' && typeof v?.n === 'string' ? v : null;
  } catch {
    return null;
  }
}

export function mcpOAuthProvider(
  deps: { repo: McpServersRepo; box: SecretBox; settings: OAuthSettings },
  userId: string,
  def: McpServerDef,
) {
  const load = async (): Promise<Stored> => {
    const sealed = await deps.repo.oauthGet(userId, def.name);
    if (!sealed) return {};
    try {
      return JSON.parse(deps.box.open(sealed)) as Stored;
    } catch {
      return {};
    }
  };
  const update = async (change: Partial<Stored>) => {
    const next = { ...(await load()), ...change };
    await deps.repo.oauthPut(userId, def.name, deps.box.seal(JSON.stringify(next)));
  };
  const redirectUrl = `${deps.settings.redirectBase.replace(/\/$/, '')}${oauthCallbackPath(def.name)}`;
  const o = def.oauth;

  const provider: OAuthClientProvider & { load: typeof load; update: typeof update } = {
    load,
    update,
    get redirectUrl() {
      return o?.redirect_uri ?? redirectUrl;
    },
    get clientMetadata(): OAuthClientMetadata {
      return {
        client_name: 'Parley',
        redirect_uris: [o?.redirect_uri ?? redirectUrl],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: o?.client_secret ? 'client_secret_post' : 'none',
        ...(o?.scope ? { scope: o.scope } : {}),
      };
    },
    async state() {
      const n = randomBytes(16).toString('base64url');
      await update({ nonce: n, failed: undefined });
      return signState(deps.settings.stateKey, { u: userId, s: def.name, n });
    },
    async clientInformation() {
      // A client the admin registered (librechat.yaml `oauth.client_id`) wins over a dynamic one.
      if (o?.client_id)
        return { client_id: o.client_id, ...(o.client_secret ? { client_secret: o.client_secret } : {}) };
      return (await load()).client;
    },
    async saveClientInformation(client) {
      await update({ client });
    },
    async tokens() {
      return (await load()).tokens;
    },
    async saveTokens(tokens) {
      await update({
        tokens,
        tokensAt: Date.now(),
        verifier: undefined,
        nonce: undefined,
        authorizationUrl: undefined,
        failed: undefined,
      });
    },
    async redirectToAuthorization(url) {
      // No browser here: the URL is kept for GET …/oauth/initiate to hand to the user.
      await update({ authorizationUrl: url.toString() });
    },
    async saveCodeVerifier(verifier) {
      await update({ verifier });
    },
    async codeVerifier() {
      const v = (await load()).verifier;
      if (!v) throw new Error('No sign-in is in progress for this server.');
      return v;
    },
  };
  return provider;
}
export type McpOAuthProvider = ReturnType<typeof mcpOAuthProvider>;
