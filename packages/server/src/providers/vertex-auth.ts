import { importPKCS8, SignJWT } from 'jose';

export interface ServiceAccount {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  project_id: string;
  token_uri?: string;
}

export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
/** Renew a token this long before it expires. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * Access tokens for a service account: an RS256 JWT assertion exchanged at the token URL
 * (the key file's `token_uri`, or an override), cached until shortly before expiry. Doing the
 * exchange here, instead of in google-auth-library, keeps the token URL injectable (tests run
 * against a local token endpoint) and honours `token_uri`.
 */
export function serviceAccountTokens(sa: ServiceAccount, tokenUrlOverride?: string) {
  const tokenUrl = tokenUrlOverride || sa.token_uri || GOOGLE_TOKEN_URL;
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function exchange(): Promise<string> {
    const key = await importPKCS8(sa.private_key, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'JWT',
        ...(sa.private_key_id ? { kid: sa.private_key_id } : {}),
      })
      .setIssuer(sa.client_email)
      .setAudience(tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
    const res = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!res.ok || !body.access_token) {
      throw new Error(`Google token exchange failed (status ${res.status})`);
    }
    cached = { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return body.access_token;
  }

  return async function getToken(): Promise<string> {
    if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return cached.token;
    pending ??= exchange().finally(() => {
      pending = null;
    });
    return pending;
  };
}
