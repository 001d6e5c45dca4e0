import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from './helpers.ts';
import {
  type FakeGithub,
  freePort,
  type OidcServer,
  oidcBrowserLogin,
  type Slapd,
  startFakeGithub,
  startOidcProvider,
  startSlapd,
} from './sso/peers.ts';
import { freshCode, turnOnTwoFactor } from './totp.ts';

/**
 * The second factor after a single sign-on: a local account with two-factor on that signs in
 * through LDAP (login form) or through OpenID / GitHub (linked by a verified email).
 */
const GITHUB_ID = 'gh-2fa-client';
const GITHUB_SECRET = 'gh-2fa-secret-value';
const PENDING = 'parley_2fa';
const json = { 'content-type': 'application/json' };

/** A code that matches no step in the window. */
const staleCode = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() - 5 * 30_000 });

function setCookieLine(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}
function cookieOf(res: Response, name: string): string | null {
  const pair = setCookieLine(res, name)?.split(';')[0];
  return pair && pair.length > name.length + 1 ? pair : null;
}

const post = (t: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${t.base}${path}`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });

/** A local account with this email and a password; returns its access token and id. */
async function registerLocal(t: TestApp, email: string, name: string) {
  const password = 'local-password-1';
  const reg = await post(t, '/api/auth/register', { name, email, password, confirm_password: password });
  expect(reg.status).toBe(200);
  return password;
}

let oidc: OidcServer;
let github: FakeGithub;
let slapd: Slapd;
const ports = new Map<string, number>();

beforeAll(async () => {
  for (const name of [...dialects, ...dialects.map((d) => `ldap-${d}`)]) ports.set(name, await freePort());
  const redirectUris = [...ports.values()].map((p) => `http://127.0.0.1:${p}/oauth/openid/callback`);
  [oidc, github, slapd] = await Promise.all([
    startOidcProvider({ redirectUris }),
    startFakeGithub(GITHUB_ID, GITHUB_SECRET),
    startSlapd(),
  ]);
});
afterAll(async () => {
  await Promise.all([oidc?.stop(), github?.stop(), slapd?.stop()]);
});

describe.each(dialects)('two-factor after OpenID / GitHub (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    const port = ports.get(dialect)!;
    t = await startTestApp(dialect, {
      port,
      env: {
        DOMAIN_SERVER: `http://127.0.0.1:${port}`,
        DOMAIN_CLIENT: `http://127.0.0.1:${port}`,
        ALLOW_SOCIAL_LOGIN: 'true',
        ALLOW_SOCIAL_REGISTRATION: 'true',
        OPENID_ISSUER: oidc.issuer,
        OPENID_CLIENT_ID: oidc.clientId,
        OPENID_CLIENT_SECRET: oidc.clientSecret,
        ...github.env(GITHUB_ID, GITHUB_SECRET),
      },
    });
  });
  afterAll(async () => t?.close());

  /** A local account (password login) with two-factor turned on. */
  async function localWithTwoFactor(email: string) {
    const password = await registerLocal(t, email, 'Local Person');
    const login = await post(t, '/api/auth/login', { email, password });
    const { token, user } = await login.json();
    return { userId: user.id as string, ...(await turnOnTwoFactor(t.base, token)) };
  }

  /** /oauth/:provider → provider → callback, the way the browser goes; returns the callback's answer. */
  async function signIn(provider: string, viaProvider: (url: string) => Promise<string>) {
    const start = await fetch(`${t.base}/oauth/${provider}`, { redirect: 'manual' });
    const flow = cookieOf(start, 'parley_oauth')!;
    const res = await fetch(await viaProvider(start.headers.get('location')!), {
      redirect: 'manual',
      headers: { cookie: flow },
    });
    expect(res.status).toBe(302);
    return res;
  }
  const viaOidc = (login: string) => async (url: string) => (await oidcBrowserLogin(url, login)).callback;
  const viaGithub = async (url: string) =>
    (await fetch(url, { redirect: 'manual' })).headers.get('location')!;

  it('OpenID: no session from the callback; /login/2fa with the tempToken in an httpOnly cookie, then a code signs in', async () => {
    const local = await localWithTwoFactor('dave@oidc.test');
    const res = await signIn('openid', viaOidc('dave'));
    expect(res.headers.get('location')).toBe(`${t.base}/login/2fa?sso=1`);
    expect(cookieOf(res, 'refreshToken')).toBeNull();
    const line = setCookieLine(res, PENDING)!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Strict/i);
    expect(line).toMatch(/Path=\/api\/auth\/2fa\/verify-temp/);
    expect(line).toMatch(/Max-Age=300/);
    const pending = cookieOf(res, PENDING)!;

    // The cookie is the only proof of the first step: without it nothing signs in.
    const none = await post(t, '/api/auth/2fa/verify-temp', {
      token: staleCode(local.secret),
    });
    expect(none.status).toBe(401);
    expect((await none.json()).error.code).toBe('two_fa_temp_invalid');
    // A wrong code keeps the step open.
    const wrong = await post(
      t,
      '/api/auth/2fa/verify-temp',
      { token: staleCode(local.secret) },
      { cookie: pending },
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.code).toBe('two_fa_invalid_code');
    expect(cookieOf(wrong, 'refreshToken')).toBeNull();

    const ok = await post(
      t,
      '/api/auth/2fa/verify-temp',
      { token: await freshCode(local.secret, local.state) },
      { cookie: pending },
    );
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.user).toMatchObject({ id: local.userId, email: 'dave@oidc.test', provider: 'local' });
    expect(body.token).toEqual(expect.any(String));
    // The session is open (refresh cookie) and the pending cookie is cleared.
    const refreshCookie = cookieOf(ok, 'refreshToken')!;
    expect(setCookieLine(ok, PENDING)).toMatch(/^parley_2fa=;/);
    const session = await fetch(`${t.base}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: refreshCookie },
    });
    expect((await session.json()).user.id).toBe(local.userId);
  });

  it('GitHub: a linked account with two-factor on finishes with a backup code', async () => {
    const email = `octo-2fa-${dialect}@example.com`;
    const local = await localWithTwoFactor(email);
    github.signInAs({
      id: dialect === 'sqlite' ? 5101 : 5102,
      login: `octo-2fa-${dialect}`,
      name: 'Octo 2FA',
      emails: [{ email, primary: true, verified: true }],
    });
    const res = await signIn('github', viaGithub);
    expect(res.headers.get('location')).toBe(`${t.base}/login/2fa?sso=1`);
    expect(cookieOf(res, 'refreshToken')).toBeNull();
    const pending = cookieOf(res, PENDING)!;
    const ok = await post(
      t,
      '/api/auth/2fa/verify-temp',
      { backupCode: local.backupCodes[0] },
      { cookie: pending },
    );
    expect(ok.status).toBe(200);
    expect((await ok.json()).user.id).toBe(local.userId);
    expect(cookieOf(ok, 'refreshToken')).not.toBeNull();
    // The next GitHub sign-in (now by the linked identity) asks again.
    const again = await signIn('github', viaGithub);
    expect(again.headers.get('location')).toBe(`${t.base}/login/2fa?sso=1`);
    expect(cookieOf(again, 'refreshToken')).toBeNull();
  });

  it('an account without two-factor still lands in the chat, and SSO-created accounts cannot turn it on', async () => {
    const res = await signIn('openid', viaOidc('carol'));
    expect(res.headers.get('location')).toBe(`${t.base}/chat/new`);
    expect(cookieOf(res, PENDING)).toBeNull();
    const refreshed = await fetch(`${t.base}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: cookieOf(res, 'refreshToken')! },
    });
    const { token, user } = await refreshed.json();
    expect(user.provider).toBe('openid');
    const enable = await post(t, '/api/auth/2fa/enable', {}, { authorization: `Bearer ${token}` });
    expect(enable.status).toBe(403);
    expect((await enable.json()).error.code).toBe('two_fa_local_only');
  });
});

describe.each(dialects)('two-factor after LDAP (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { port: ports.get(`ldap-${dialect}`)!, env: slapd.env });
  });
  afterAll(async () => t?.close());

  const login = (email: string, password: string) => post(t, '/api/auth/login', { email, password });

  it('a local account linked to its directory entry gets the twoFAPending step, then a code signs in', async () => {
    await registerLocal(t, 'bob@ldap.test', 'Bob Local');
    // First directory login links the local account (no second factor yet).
    const first = await login('bob', 'bob-password-12');
    expect(first.status).toBe(200);
    const linked = await first.json();
    expect(linked.user).toMatchObject({ email: 'bob@ldap.test', provider: 'local' });
    const tf = await turnOnTwoFactor(t.base, linked.token);

    const wrong = await login('bob', 'wrong-password');
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.code).toBe('invalid_credentials');

    const res = await login('bob', 'bob-password-12');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ twoFAPending: true, tempToken: expect.any(String) });
    expect(res.headers.getSetCookie()).toEqual([]);

    const ok = await post(t, '/api/auth/2fa/verify-temp', {
      tempToken: body.tempToken,
      token: await freshCode(tf.secret, tf.state),
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).user.id).toBe(linked.user.id);
    expect(cookieOf(ok, 'refreshToken')).not.toBeNull();
  });

  it('a directory-created account signs in directly and cannot turn two-factor on (local accounts only)', async () => {
    const res = await login('alice', 'alice-password-1');
    const { token, user } = await res.json();
    expect(user.provider).toBe('ldap');
    const enable = await post(t, '/api/auth/2fa/enable', {}, { authorization: `Bearer ${token}` });
    expect(enable.status).toBe(403);
    expect((await enable.json()).error.code).toBe('two_fa_local_only');
  });
});
