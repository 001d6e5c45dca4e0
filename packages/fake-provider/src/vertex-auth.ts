import { createPublicKey, generateKeyPairSync, type KeyObject, randomBytes, sign, verify } from 'node:crypto';

/** Google's token endpoint: google-auth-library signs every assertion with this `aud`, whatever `token_uri` says. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
export const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const TOKEN_LIFETIME_S = 3600;
/** Clock skew Google tolerates on `iat`. */
const SKEW_S = 300;

/** A service-account key file, as Google issues them (the fields google-auth-library reads). */
export interface TestServiceAccount {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  /** PKCS#8 PEM. */
  private_key: string;
  client_email: string;
  client_id: string;
  auth_uri: string;
  token_uri: string;
  universe_domain: 'googleapis.com';
}

/** What the fake needs to verify assertions: the email and a public (or private) key. */
export interface ServiceAccountKey {
  client_email: string;
  /** PEM; the public key is derived from it. */
  private_key?: string;
  /** PEM (SPKI); enough on its own. */
  public_key?: string;
  private_key_id?: string;
  project_id?: string;
}

let accountCounter = 0;

/**
 * A fresh RS256 service account (2048-bit key from `crypto.generateKeyPairSync`). Register it with a
 * running fake (`fake.registerServiceAccount(sa)`) before use, or call `fake.createServiceAccount()`,
 * which does both and points `token_uri` at the fake.
 */
export function createTestServiceAccount(
  opts: { tokenUri?: string; projectId?: string; clientEmail?: string } = {},
): TestServiceAccount {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const project = opts.projectId ?? 'fake-project';
  accountCounter++;
  return {
    type: 'service_account',
    project_id: project,
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: opts.clientEmail ?? `fake-sa-${accountCounter}@${project}.iam.gserviceaccount.com`,
    client_id: String(100000000000000000000n + BigInt(accountCounter)),
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: opts.tokenUri ?? GOOGLE_TOKEN_URL,
    universe_domain: 'googleapis.com',
  };
}

export interface OAuthError {
  status: number;
  body: { error: string; error_description: string };
}

export type TokenCheck =
  | { ok: true; clientEmail: string; scopes: string[] }
  | { ok: false; reason: 'unknown' | 'expired' };

interface Account {
  publicKey: KeyObject;
  keyId?: string;
  projectId?: string;
}

const b64urlJson = (part: string): Record<string, unknown> | undefined => {
  try {
    const v = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
};

const grantError = (description: string, error = 'invalid_grant'): OAuthError => ({
  status: 400,
  body: { error, error_description: description },
});

const TIMEFRAME =
  'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.';

/**
 * The fake's OAuth side of Vertex (providers.md §5 "Service-account auth", §10.6): verifies RS256
 * JWT assertions against registered service accounts, issues access tokens, and checks them on
 * generation requests.
 */
export class VertexAuthority {
  private accounts = new Map<string, Account>();
  private tokens = new Map<string, { clientEmail: string; scopes: string[]; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  register(sa: ServiceAccountKey): void {
    if (!sa.client_email) throw new Error('registerServiceAccount: client_email is required');
    const pem = sa.public_key ?? sa.private_key;
    if (!pem) throw new Error('registerServiceAccount: private_key or public_key is required');
    this.accounts.set(sa.client_email, {
      publicKey: createPublicKey(pem),
      keyId: sa.private_key_id,
      projectId: sa.project_id,
    });
  }

  accountEmails(): string[] {
    return [...this.accounts.keys()];
  }

  /**
   * `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=<jwt>`: checks the JWT's
   * algorithm, issuer, key id, signature, scope, audience and lifetime as Google does.
   */
  exchange(
    form: Record<string, string>,
    audiences: string[],
  ): { ok: true; body: object; clientEmail: string } | ({ ok: false; clientEmail?: string } & OAuthError) {
    if (form.grant_type !== JWT_BEARER_GRANT)
      return {
        ok: false,
        ...grantError(`Invalid grant_type: ${form.grant_type ?? ''}`, 'unsupported_grant_type'),
      };
    const parts = (form.assertion ?? '').split('.');
    const header = parts.length === 3 ? b64urlJson(parts[0]) : undefined;
    const claims = parts.length === 3 ? b64urlJson(parts[1]) : undefined;
    if (!header || !claims) return { ok: false, ...grantError('Invalid JWT: malformed assertion.') };
    if (header.alg !== 'RS256') return { ok: false, ...grantError('Invalid JWT Signature.') };
    const iss = typeof claims.iss === 'string' ? claims.iss : '';
    const account = this.accounts.get(iss);
    if (!account) return { ok: false, ...grantError('Invalid grant: account not found') };
    const fail = (e: OAuthError) => ({ ok: false as const, clientEmail: iss, ...e });
    if (header.kid !== undefined && account.keyId && header.kid !== account.keyId)
      return fail(grantError('Invalid JWT Signature.'));
    const signed = Buffer.from(`${parts[0]}.${parts[1]}`);
    if (!verify('RSA-SHA256', signed, account.publicKey, Buffer.from(parts[2], 'base64url')))
      return fail(grantError('Invalid JWT Signature.'));
    const scope = typeof claims.scope === 'string' ? claims.scope.trim() : '';
    if (!scope)
      return fail(grantError('Invalid OAuth scope or ID token audience provided.', 'invalid_scope'));
    if (typeof claims.aud !== 'string' || !audiences.includes(claims.aud))
      return fail(
        grantError(`Invalid JWT: Failed audience check. The right audience is ${GOOGLE_TOKEN_URL}`),
      );
    const { iat, exp } = claims;
    const nowS = Math.floor(this.now() / 1000);
    if (
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      exp <= nowS ||
      iat > nowS + SKEW_S ||
      exp - iat > TOKEN_LIFETIME_S
    )
      return fail(grantError(TIMEFRAME));
    const token = `ya29.fake-${randomBytes(36).toString('base64url')}`;
    this.tokens.set(token, {
      clientEmail: iss,
      scopes: scope.split(/\s+/),
      expiresAt: this.now() + TOKEN_LIFETIME_S * 1000,
    });
    if (this.tokens.size > 10_000) this.dropExpired();
    return {
      ok: true,
      clientEmail: iss,
      body: { access_token: token, expires_in: TOKEN_LIFETIME_S, token_type: 'Bearer' },
    };
  }

  /** A Bearer token from a generation request: issued here and not expired? */
  check(token: string): TokenCheck {
    const t = this.tokens.get(token);
    if (!t) return { ok: false, reason: 'unknown' };
    if (t.expiresAt <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, clientEmail: t.clientEmail, scopes: t.scopes };
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [k, v] of this.tokens) if (v.expiresAt <= now) this.tokens.delete(k);
  }
}

/** Sign an RS256 JWT assertion for `sa`, as google-auth-library does (claims overridable for tests). */
export function signServiceAccountAssertion(
  sa: Pick<TestServiceAccount, 'client_email' | 'private_key' | 'private_key_id'>,
  claims: Record<string, unknown> = {},
  header: Record<string, unknown> = {},
): string {
  const iat = Math.floor(Date.now() / 1000);
  const h = { alg: 'RS256', typ: 'JWT', kid: sa.private_key_id, ...header };
  const c = {
    iss: sa.client_email,
    scope: CLOUD_PLATFORM_SCOPE,
    aud: GOOGLE_TOKEN_URL,
    iat,
    exp: iat + 3600,
    ...claims,
  };
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const data = `${enc(h)}.${enc(c)}`;
  const signature = sign('RSA-SHA256', Buffer.from(data), sa.private_key).toString('base64url');
  return `${data}.${signature}`;
}

type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A fetch that sends requests for Google's fixed token URL to `tokenUri` instead. google-auth-library
 * ignores a key file's `token_uri` (providers.md §5, §11.5) but lets callers replace its HTTP
 * transport's fetch, so this is how its JWT exchange reaches the fake.
 */
export function tokenUriFetch(tokenUri: string, base: FetchLike = fetch): FetchLike {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url !== GOOGLE_TOKEN_URL) return base(input, init);
    return base(input instanceof Request ? new Request(tokenUri, input) : tokenUri, init);
  };
}

/**
 * `googleAuthOptions` for `@google/genai` (Vertex mode) and `@ai-sdk/google-vertex`: the service
 * account as `credentials`, and a transport whose fetch honours `token_uri` (see `tokenUriFetch`).
 */
export function googleAuthOptionsFor(sa: TestServiceAccount) {
  return {
    credentials: { ...sa },
    clientOptions: { transporterOptions: { fetchImplementation: tokenUriFetch(sa.token_uri) } },
  };
}
