import * as oidc from 'openid-client';
import type { OpenIdConfig } from '../../config/sso.ts';
import type { FlowState } from './flow-state.ts';
import type { ExternalProfile } from './identity.ts';

type Claims = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** OpenID Connect relying party: discovery once (retried after a failure), code flow with PKCE. */
export function openIdClient(config: OpenIdConfig) {
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        new URL(config.issuer),
        config.clientId,
        { client_secret: config.clientSecret, redirect_uris: [config.callbackUrl] },
        oidc.ClientSecretPost(config.clientSecret),
        // Plain-http issuers are for local identity servers (and tests); production ones use https.
        config.issuer.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };

  return {
    async start(): Promise<{ url: string; flow: FlowState }> {
      const server = await configuration();
      const flow: FlowState = {
        provider: 'openid',
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(server, {
        redirect_uri: config.callbackUrl,
        scope: config.scope,
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, flow };
    },

    /** Exchange the code (state, nonce and PKCE checked by openid-client) and read the profile. */
    async finish(query: Record<string, string>, flow: FlowState): Promise<ExternalProfile> {
      const server = await configuration();
      const current = new URL(config.callbackUrl);
      current.search = new URLSearchParams(query).toString();
      const tokens = await oidc.authorizationCodeGrant(server, current, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idClaims = (tokens.claims() ?? {}) as Claims;
      const sub = String(idClaims.sub);
      let claims: Claims = idClaims;
      if (server.serverMetadata().userinfo_endpoint) {
        const info = await oidc.fetchUserInfo(server, tokens.access_token, sub);
        claims = { ...idClaims, ...info };
      }
      const email = str(claims[config.emailClaim ?? 'email']);
      const username = str(claims[config.usernameClaim ?? 'preferred_username']) ?? str(claims.username);
      const name =
        str(claims[config.nameClaim ?? 'name']) ??
        ([str(claims.given_name), str(claims.family_name)].filter(Boolean).join(' ') || username || '');
      return {
        key: { provider: 'openid', issuer: server.serverMetadata().issuer, subject: sub },
        email,
        // Only an explicit true counts: many servers omit the claim for addresses nobody checked.
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name,
        username,
        avatar: str(claims.picture),
      };
    },
  };
}
export type OpenIdClient = ReturnType<typeof openIdClient>;
