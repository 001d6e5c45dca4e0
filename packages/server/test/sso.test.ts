import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, signUp, startTestApp, type TestApp } from './helpers.ts';
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

const GITHUB_ID = 'gh-client';
const GITHUB_SECRET = 'gh-secret-value-123';
const json = { 'content-type': 'application/json' };

function cookieOf(res: Response, name: string): string | null {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    if (pair.startsWith(`${name}=`) && pair.length > name.length + 1) return pair;
  }
  return null;
}

/** The session a refresh cookie stands for, as the SPA would read it on load. */
async function refresh(t: TestApp, cookie: string) {
  const res = await fetch(`${t.base}/api/auth/refresh`, { method: 'POST', headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    token: string;
    user: { id: string; email: string; provider: string; name: string; username: string };
  };
}

/** GET /oauth/:provider → provider → callback; returns the callback's answer. */
async function socialSignIn(t: TestApp, provider: string, viaProvider: (url: string) => Promise<string>) {
  const start = await fetch(`${t.base}/oauth/${provider}`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const flow = cookieOf(start, 'parley_oauth');
  expect(flow).not.toBeNull();
  const callback = await viaProvider(start.headers.get('location')!);
  const res = await fetch(callback, { redirect: 'manual', headers: { cookie: flow! } });
  expect(res.status).toBe(302);
  return { location: res.headers.get('location')!, refreshCookie: cookieOf(res, 'refreshToken'), res };
}

async function githubCallback(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

let oidc: OidcServer;
let github: FakeGithub;
let slapd: Slapd;
const ports = new Map<string, number>();

beforeAll(async () => {
  for (const name of [...dialects, ...dialects.map((d) => `ldap-${d}`), 'closed', 'plain'])
    ports.set(name, await freePort());
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

const ssoEnv = (port: number, extra: Record<string, string> = {}) => ({
  DOMAIN_SERVER: `http://127.0.0.1:${port}`,
  DOMAIN_CLIENT: `http://127.0.0.1:${port}`,
  ALLOW_SOCIAL_LOGIN: 'true',
  ALLOW_SOCIAL_REGISTRATION: 'true',
  OPENID_ISSUER: oidc.issuer,
  OPENID_CLIENT_ID: oidc.clientId,
  OPENID_CLIENT_SECRET: oidc.clientSecret,
  OPENID_BUTTON_LABEL: 'Company SSO',
  OPENID_IMAGE_URL: '/assets/sso.svg',
  OPENID_AUTO_REDIRECT: 'true',
  ...github.env(GITHUB_ID, GITHUB_SECRET),
  ...extra,
});

describe.each(dialects)('SSO (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    const port = ports.get(dialect)!;
    t = await startTestApp(dialect, { port, env: ssoEnv(port) });
  });
  afterAll(async () => t?.close());

  it('announces the configured sign-in options in /api/config without any secret', async () => {
    const res = await fetch(`${t.base}/api/config`);
    const raw = await res.text();
    const config = JSON.parse(raw);
    expect(config).toMatchObject({
      socialLoginEnabled: true,
      socialLogins: ['github', 'google', 'discord', 'openid', 'facebook', 'apple', 'saml'],
      openidLoginEnabled: true,
      openidAutoRedirect: true,
      openidLabel: 'Company SSO',
      openidImageUrl: '/assets/sso.svg',
      githubLoginEnabled: true,
      googleLoginEnabled: false,
      discordLoginEnabled: false,
      facebookLoginEnabled: false,
      appleLoginEnabled: false,
      serverDomain: t.base,
    });
    expect(raw).not.toContain(oidc.clientSecret);
    expect(raw).not.toContain(GITHUB_SECRET);
    expect(raw).not.toContain('ldap-admin-secret');
  });

  it('signs in through the OpenID server: code + PKCE + state/nonce, then the refresh cookie opens the session', async () => {
    const start = await fetch(`${t.base}/oauth/openid`, { redirect: 'manual' });
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(oidc.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    const first = await socialSignIn(
      t,
      'openid',
      async (url) => (await oidcBrowserLogin(url, 'alice')).callback,
    );
    expect(first.location).toBe(`${t.base}/chat/new`);
    expect(first.refreshCookie).not.toBeNull();
    const session = await refresh(t, first.refreshCookie!);
    expect(session.user).toMatchObject({
      email: 'alice@oidc.test',
      provider: 'openid',
      name: 'Alice OpenID',
      username: 'alice',
    });

    const again = await socialSignIn(
      t,
      'openid',
      async (url) => (await oidcBrowserLogin(url, 'alice')).callback,
    );
    expect((await refresh(t, again.refreshCookie!)).user.id).toBe(session.user.id);
  });

  it('refuses a callback without the browser’s own sign-in attempt (state bound to a sealed cookie)', async () => {
    const start = await fetch(`${t.base}/oauth/openid`, { redirect: 'manual' });
    const { callback } = await oidcBrowserLogin(start.headers.get('location')!, 'carol');
    const res = await fetch(callback, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe(`${t.base}/login?redirect=false&error=failed`);
    expect(cookieOf(res, 'refreshToken')).toBeNull();
    // Another attempt's cookie does not fit this code's state either.
    const other = await fetch(`${t.base}/oauth/openid`, { redirect: 'manual' });
    const res2 = await fetch(callback, {
      redirect: 'manual',
      headers: { cookie: cookieOf(other, 'parley_oauth')! },
    });
    expect(res2.headers.get('location')).toContain('error=failed');
    expect(cookieOf(res2, 'refreshToken')).toBeNull();
  });

  it('does not link an OpenID account whose email is not verified to the existing account', async () => {
    // mallory's OpenID account claims the victim's address, unverified.
    const res = await fetch(`${t.base}/api/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        name: 'Victim Two',
        email: 'victim@oidc.test',
        password: 'victim-pass-1',
        confirm_password: 'victim-pass-1',
      }),
    });
    expect(res.status).toBe(200);
    const out = await socialSignIn(
      t,
      'openid',
      async (url) => (await oidcBrowserLogin(url, 'mallory')).callback,
    );
    expect(out.location).toBe(`${t.base}/login?redirect=false&error=email_unverified`);
    expect(out.refreshCookie).toBeNull();
    // Refused, not linked: a second try is refused the same way.
    const again = await socialSignIn(
      t,
      'openid',
      async (url) => (await oidcBrowserLogin(url, 'mallory')).callback,
    );
    expect(again.location).toContain('error=email_unverified');
  });

  it('GitHub: a verified primary email links to the existing account; an unverified one is refused', async () => {
    const local = await signUp(t, 'Local Person');
    github.signInAs({
      id: 9001,
      login: 'octo-unverified',
      name: 'Not Yet',
      emails: [{ email: local.email, primary: true, verified: false }],
    });
    const refused = await socialSignIn(t, 'github', githubCallback);
    expect(refused.location).toContain('error=email_unverified');
    expect(refused.refreshCookie).toBeNull();

    github.signInAs({
      id: 9002,
      login: 'octo-verified',
      name: 'Octo Verified',
      emails: [
        { email: 'other@example.com', primary: false, verified: false },
        { email: local.email, primary: true, verified: true },
      ],
    });
    const linked = await socialSignIn(t, 'github', githubCallback);
    expect(linked.location).toBe(`${t.base}/chat/new`);
    const session = await refresh(t, linked.refreshCookie!);
    expect(session.user.id).toBe(local.userId);
    expect(session.user.provider).toBe('local');
    expect(github.rejected).toBe(0);
  });

  it('GitHub: a new person gets an account (ALLOW_SOCIAL_REGISTRATION=true) from the profile', async () => {
    github.signInAs({
      id: 9003,
      login: 'new-octo',
      name: 'New Octo',
      emails: [{ email: 'new-octo@example.com', primary: true, verified: true }],
    });
    const out = await socialSignIn(t, 'github', githubCallback);
    const session = await refresh(t, out.refreshCookie!);
    expect(session.user).toMatchObject({
      email: 'new-octo@example.com',
      provider: 'github',
      username: 'new-octo',
      name: 'New Octo',
    });
    const raw = JSON.stringify(session);
    expect(raw).not.toMatch(/gho_|access_token|secret/i);
  });
});

describe.each(dialects)('LDAP (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { port: ports.get(`ldap-${dialect}`)!, env: slapd.env });
  });
  afterAll(async () => t?.close());

  it('tells the login page that usernames are accepted', async () => {
    const config = await (await fetch(`${t.base}/api/config`)).json();
    expect(config.ldap).toEqual({ enabled: true, username: true });
    expect(JSON.stringify(config)).not.toContain('ldap-admin-secret');
  });

  it('LDAP: the login form accepts a username; the user is created from the directory on first login', async () => {
    const login = (email: string, password: string) =>
      fetch(`${t.base}/api/auth/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, password }),
      });
    const res = await login('alice', 'alice-password-1');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({
      email: 'alice@ldap.test',
      name: 'Alice Directory',
      username: 'alice',
      provider: 'ldap',
    });
    expect(cookieOf(res, 'refreshToken')).not.toBeNull();
    // The same directory user again (by email this time): the same account.
    const byMail = await login('alice@ldap.test', 'alice-password-1');
    expect((await byMail.json()).user.id).toBe(body.user.id);

    for (const [who, password] of [
      ['alice', 'wrong-password'],
      ['*', 'alice-password-1'],
      ['alice)(uid=*', 'alice-password-1'],
      ['nobody', 'whatever-pass'],
      ['nomail', 'nomail-password'],
    ]) {
      const bad = await login(who, password);
      expect(bad.status, who).toBe(401);
      expect((await bad.json()).error.code).toBe('invalid_credentials');
    }
    const spaced = await login('has space', 'whatever-pass');
    expect(spaced.status).toBe(400);
  });
});

describe('SSO with ALLOW_SOCIAL_REGISTRATION=false', () => {
  let t: TestApp;
  beforeAll(async () => {
    const port = ports.get('closed')!;
    t = await startTestApp('sqlite', { port, env: ssoEnv(port, { ALLOW_SOCIAL_REGISTRATION: 'false' }) });
  });
  afterAll(async () => t?.close());

  it('refuses to create accounts through OpenID or GitHub but still links a verified email', async () => {
    const viaOidc = await socialSignIn(
      t,
      'openid',
      async (url) => (await oidcBrowserLogin(url, 'carol')).callback,
    );
    expect(viaOidc.location).toBe(`${t.base}/login?redirect=false&error=registration_disabled`);
    expect(viaOidc.refreshCookie).toBeNull();

    github.signInAs({
      id: 77,
      login: 'stranger',
      name: 'Stranger',
      emails: [{ email: 'stranger@example.com', primary: true, verified: true }],
    });
    const viaGithub = await socialSignIn(t, 'github', githubCallback);
    expect(viaGithub.location).toContain('error=registration_disabled');

    const local = await signUp(t, 'Existing Person');
    github.signInAs({
      id: 78,
      login: 'existing',
      name: 'Existing',
      emails: [{ email: local.email, primary: true, verified: true }],
    });
    const linked = await socialSignIn(t, 'github', githubCallback);
    expect((await refresh(t, linked.refreshCookie!)).user.id).toBe(local.userId);
  });
});

describe('SSO off (defaults)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { port: ports.get('plain')! });
  });
  afterAll(async () => t?.close());

  it('offers no SSO routes or buttons, and the login form requires an email', async () => {
    const config = await (await fetch(`${t.base}/api/config`)).json();
    expect(config).toMatchObject({
      socialLoginEnabled: false,
      openidLoginEnabled: false,
      githubLoginEnabled: false,
    });
    expect(config.ldap).toBeUndefined();
    expect((await fetch(`${t.base}/oauth/openid`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${t.base}/oauth/github`, { redirect: 'manual' })).status).toBe(404);
    const res = await fetch(`${t.base}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'alice', password: 'alice-password-1' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({
      field: 'email',
      message: 'You must enter a valid email address',
    });
  });
});
