import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRemoteJWKSet, importPKCS8, jwtVerify, SignJWT } from 'jose';
import type { OAuthProviderConfig, SocialProvider } from '../../config/sso.ts';
import type { FlowState } from './flow-state.ts';
import type { ExternalProfile } from './identity.ts';

type Json = Record<string, unknown>;

const random = () => randomBytes(32).toString('base64url');
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const TIMEOUT_MS = 10_000;

/** A failed call names the provider step and the status, never the response body (it may hold tokens). */
async function getJson(url: string, init: RequestInit, step: string): Promise<unknown> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`${step} failed with status ${res.status}`);
  return res.json();
}

async function challenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return Buffer.from(digest).toString('base64url');
}

/** Apple's client secret is a short-lived ES256 JWT signed with the team's key. */
async function appleClientSecret(config: OAuthProviderConfig): Promise<string> {
  const apple = config.apple!;
  const key = await importPKCS8(readFileSync(apple.privateKeyPath, 'utf8'), 'ES256');
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: apple.keyId })
    .setIssuer(apple.teamId)
    .setSubject(config.clientId)
    .setAudience(apple.issuer)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

type ProfileReader = (
  config: OAuthProviderConfig,
  tokens: Json,
  extra: { flow: FlowState; params: Record<string, string> },
) => Promise<Omit<ExternalProfile, 'key'> & { subject: string }>;

const bearer = (tokens: Json, more: Record<string, string> = {}) => ({
  headers: { authorization: `Bearer ${String(tokens.access_token)}`, accept: 'application/json', ...more },
});

const READERS: Record<SocialProvider, ProfileReader> = {
  async github(config, tokens) {
    const init = bearer(tokens, { 'user-agent': 'Parley', accept: 'application/vnd.github+json' });
    const user = (await getJson(config.userInfoUrl, init, 'github user')) as Json;
    const emails = (await getJson(config.emailsUrl!, init, 'github emails')) as {
      email: string;
      primary?: boolean;
      verified?: boolean;
    }[];
    const chosen =
      emails.find((e) => e.primary && e.verified) ??
      emails.find((e) => e.verified) ??
      emails.find((e) => e.primary) ??
      (str(user.email) ? { email: String(user.email), verified: false } : undefined);
    const login = str(user.login);
    return {
      subject: String(user.id),
      email: chosen?.email ?? null,
      emailVerified: chosen?.verified === true,
      name: str(user.name) ?? login ?? '',
      username: login,
      avatar: str(user.avatar_url),
    };
  },
  async google(config, tokens) {
    const info = (await getJson(config.userInfoUrl, bearer(tokens), 'google userinfo')) as Json;
    return {
      subject: String(info.sub),
      email: str(info.email),
      emailVerified: info.email_verified === true || info.email_verified === 'true',
      name: str(info.name) ?? '',
      username: null,
      avatar: str(info.picture),
    };
  },
  async discord(config, tokens) {
    const user = (await getJson(config.userInfoUrl, bearer(tokens), 'discord user')) as Json;
    const id = String(user.id);
    const avatar = str(user.avatar);
    return {
      subject: id,
      email: str(user.email),
      emailVerified: user.verified === true,
      name: str(user.global_name) ?? str(user.username) ?? '',
      username: str(user.username),
      avatar: avatar ? `https://cdn.discordapp.com/avatars/${id}/${avatar}.png` : null,
    };
  },
  async facebook(config, tokens) {
    const user = (await getJson(config.userInfoUrl, bearer(tokens), 'facebook user')) as Json;
    const picture = (user.picture as { data?: { url?: string } } | undefined)?.data?.url;
    return {
      subject: String(user.id),
      email: str(user.email),
      // The Graph API only returns an address the person has confirmed with Facebook.
      emailVerified: Boolean(str(user.email)),
      name: str(user.name) ?? '',
      username: null,
      avatar: picture ?? null,
    };
  },
  async apple(config, tokens, { flow, params }) {
    const apple = config.apple!;
    const { payload } = await jwtVerify(String(tokens.id_token), createRemoteJWKSet(new URL(apple.jwksUrl)), {
      issuer: apple.issuer,
      audience: config.clientId,
    });
    if (payload.nonce !== undefined && payload.nonce !== flow.nonce) throw new Error('apple nonce mismatch');
    // Apple sends the person's name once, on the first sign-in, beside the code.
    let name = '';
    try {
      const user = params.user ? (JSON.parse(params.user) as { name?: Json }) : null;
      name = [str(user?.name?.firstName), str(user?.name?.lastName)].filter(Boolean).join(' ');
    } catch {}
    return {
      subject: String(payload.sub),
      email: str(payload.email),
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      name,
      username: null,
      avatar: null,
    };
  },
};

/** The authorization-code flow (with state and PKCE) of one social provider. */
export function socialClient(provider: SocialProvider, config: OAuthProviderConfig) {
  return {
    async start(): Promise<{ url: string; flow: FlowState }> {
      const flow: FlowState = { provider, state: random(), nonce: random(), codeVerifier: random() };
      const url = new URL(config.authorizationUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', config.clientId);
      url.searchParams.set('redirect_uri', config.callbackUrl);
      url.searchParams.set('scope', config.scope);
      url.searchParams.set('state', flow.state);
      url.searchParams.set('code_challenge', await challenge(flow.codeVerifier));
      url.searchParams.set('code_challenge_method', 'S256');
      if (provider === 'apple') {
        url.searchParams.set('response_mode', 'form_post');
        url.searchParams.set('nonce', flow.nonce);
      }
      return { url: url.href, flow };
    },

    async finish(params: Record<string, string>, flow: FlowState): Promise<ExternalProfile> {
      if (!params.state || params.state !== flow.state) throw new Error(`${provider} state mismatch`);
      if (params.error || !params.code) throw new Error(`${provider} returned no code`);
      const tokens = (await getJson(
        config.tokenUrl,
        {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: params.code,
            redirect_uri: config.callbackUrl,
            client_id: config.clientId,
            client_secret: provider === 'apple' ? await appleClientSecret(config) : config.clientSecret,
            code_verifier: flow.codeVerifier,
          }),
        },
        `${provider} token`,
      )) as Json;
      if (!str(tokens.access_token) && !str(tokens.id_token))
        throw new Error(`${provider} returned no token`);
      const { subject, ...profile } = await READERS[provider](config, tokens, { flow, params });
      return { key: { provider, issuer: '', subject }, ...profile };
    },
  };
}
export type SocialClient = ReturnType<typeof socialClient>;
