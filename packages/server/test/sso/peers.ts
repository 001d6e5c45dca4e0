/**
 * Real identity servers for the SSO tests, on 127.0.0.1 and started/stopped by the tests:
 * a private Debian slapd, an oidc-provider OpenID server, and a small GitHub-shaped OAuth2 server.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as netServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = netServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });

// ---------------------------------------------------------------- LDAP (Debian slapd)

export const LDAP_BASE = 'dc=parley,dc=test';
export const LDAP_ADMIN = `cn=admin,${LDAP_BASE}`;
export const LDAP_ADMIN_PASSWORD = 'ldap-admin-secret';

export interface LdapUser {
  uid: string;
  cn: string;
  mail?: string;
  password: string;
}

export const LDAP_USERS: LdapUser[] = [
  { uid: 'alice', cn: 'Alice Directory', mail: 'alice@ldap.test', password: 'alice-password-1' },
  { uid: 'bob', cn: 'Bob Directory', mail: 'bob@ldap.test', password: 'bob-password-12' },
  { uid: 'nomail', cn: 'No Mail', password: 'nomail-password' },
];

export interface Slapd {
  url: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

function ldif(users: LdapUser[]): string {
  const entries = [
    `dn: ${LDAP_BASE}\nobjectClass: dcObject\nobjectClass: organization\no: Parley\ndc: parley`,
    `dn: ou=people,${LDAP_BASE}\nobjectClass: organizationalUnit\nou: people`,
    ...users.map(
      (u) =>
        `dn: uid=${u.uid},ou=people,${LDAP_BASE}\nobjectClass: inetOrgPerson\nuid: ${u.uid}\ncn: ${u.cn}\nsn: ${u.cn.split(' ').pop()}\n${u.mail ? `mail: ${u.mail}\n` : ''}userPassword: ${u.password}`,
    ),
  ];
  return `${entries.join('\n\n')}\n`;
}

/** A private slapd (mdb backend) seeded with LDAP_USERS; ~1 s to start. */
export async function startSlapd(port?: number): Promise<Slapd> {
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-slapd-'));
  const dbDir = path.join(dir, 'db');
  mkdirSync(dbDir);
  const conf = path.join(dir, 'slapd.conf');
  writeFileSync(
    conf,
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/nis.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      `pidfile ${path.join(dir, 'slapd.pid')}`,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      'database mdb',
      `suffix "${LDAP_BASE}"`,
      `rootdn "${LDAP_ADMIN}"`,
      `rootpw ${LDAP_ADMIN_PASSWORD}`,
      `directory ${dbDir}`,
      'maxsize 10485760',
      'access to attrs=userPassword by self read by anonymous auth by * none',
      'access to * by * read',
      '',
    ].join('\n'),
  );
  const ldapPort = port ?? (await freePort());
  const url = `ldap://127.0.0.1:${ldapPort}`;
  const child: ChildProcess = spawn('slapd', ['-f', conf, '-h', `${url}/`, '-d', '0'], {
    stdio: 'ignore',
    env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin` },
  });
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      execFileSync('ldapadd', ['-x', '-H', url, '-D', LDAP_ADMIN, '-w', LDAP_ADMIN_PASSWORD], {
        input: ldif(LDAP_USERS),
        stdio: ['pipe', 'ignore', 'pipe'],
      });
      break;
    } catch (error) {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
        throw new Error(`slapd did not start: ${String(error)}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    env: {
      LDAP_URL: url,
      LDAP_BIND_DN: LDAP_ADMIN,
      LDAP_BIND_CREDENTIALS: LDAP_ADMIN_PASSWORD,
      LDAP_USER_SEARCH_BASE: `ou=people,${LDAP_BASE}`,
      LDAP_SEARCH_FILTER: '(|(uid={{username}})(mail={{username}}))',
      LDAP_LOGIN_USES_USERNAME: 'true',
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- OpenID (oidc-provider)

/** Accounts of the test OpenID server: the login typed on its sign-in page is the account id. */
export const OIDC_ACCOUNTS: Record<string, { email: string; email_verified: boolean; name: string }> = {
  alice: { email: 'alice@oidc.test', email_verified: true, name: 'Alice OpenID' },
  carol: { email: 'carol@oidc.test', email_verified: true, name: 'Carol OpenID' },
  mallory: { email: 'victim@oidc.test', email_verified: false, name: 'Mallory' },
  // Has a local account with two-factor on (sso-two-factor tests, e2e).
  dave: { email: 'dave@oidc.test', email_verified: true, name: 'Dave OpenID' },
};

/**
 * 'linked-<anything>' signs in as linked-<anything>@oidc.test with a verified address: a test picks a
 * fresh one to link a local account it just made (the e2e run repeats against one database).
 */
function linkedAccount(id: string) {
  if (!/^linked-[a-z0-9-]{1,40}$/.test(id)) return undefined;
  return { email: `${id}@oidc.test`, email_verified: true, name: 'Linked OpenID' };
}

export interface OidcServer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

export async function startOidcProvider(opts: {
  redirectUris: string[];
  port?: number;
}): Promise<OidcServer> {
  const { default: Provider } = await import('oidc-provider');
  const port = opts.port ?? (await freePort());
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'parley-test';
  const clientSecret = randomBytes(16).toString('hex');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_ctx, id) {
      const account = OIDC_ACCOUNTS[id] ?? linkedAccount(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, preferred_username: id, ...account }) };
    },
  });
  const server = createServer(provider.callback());
  await listen(server, port);
  return { issuer, clientId, clientSecret, stop: () => close(server) };
}

/**
 * Drive oidc-provider's devInteractions the way a browser would: follow the redirects, post the
 * login form, then the consent form, and return the callback URL with the code.
 */
export async function oidcBrowserLogin(
  startUrl: string,
  login: string,
): Promise<{ callback: string; cookies: string }> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const store = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  let url = startUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    store(res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.includes('/oauth/openid/callback')) return { callback: next, cookies: cookieHeader() };
      url = next;
      continue;
    }
    const html = await res.text();
    if (html.includes('name="prompt" value="login"')) {
      body = new URLSearchParams({ prompt: 'login', login, password: 'any-password' });
    } else if (html.includes('name="prompt" value="consent"')) {
      body = new URLSearchParams({ prompt: 'consent' });
    } else {
      throw new Error(`unexpected page from the OpenID server (${res.status})`);
    }
  }
  throw new Error('too many redirects');
}

// ---------------------------------------------------------------- GitHub-shaped OAuth2 server

export interface GithubAccount {
  id: number;
  login: string;
  name: string;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export interface FakeGithub {
  url: string;
  /** Who "signs in" on the next authorize request. */
  signInAs(account: GithubAccount): void;
  env(clientId: string, clientSecret: string): Record<string, string>;
  /** Requests that reached the token endpoint with a wrong secret or verifier. */
  rejected: number;
  stop(): Promise<void>;
}

/** authorize → code (bound to the PKCE challenge), token (checks secret + verifier), user, emails. */
export async function startFakeGithub(clientId: string, clientSecret: string): Promise<FakeGithub> {
  let current: GithubAccount | null = null;
  const codes = new Map<string, { account: GithubAccount; challenge: string; redirectUri: string }>();
  const tokens = new Map<string, GithubAccount>();
  const state = { rejected: 0 };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/login/oauth/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== clientId || !current || q.get('code_challenge_method') !== 'S256') {
        res.writeHead(400).end('bad request');
        return;
      }
      const code = randomBytes(12).toString('hex');
      codes.set(code, {
        account: current,
        challenge: q.get('code_challenge') ?? '',
        redirectUri: q.get('redirect_uri') ?? '',
      });
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const { createHash } = await import('node:crypto');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        !grant ||
        form.get('client_secret') !== clientSecret ||
        form.get('redirect_uri') !== grant.redirectUri ||
        challenge !== grant.challenge
      ) {
        state.rejected++;
        json(400, { error: 'bad_verification_code' });
        return;
      }
      const token = `gho_${randomBytes(16).toString('hex')}`;
      tokens.set(token, grant.account);
      json(200, { access_token: token, token_type: 'bearer', scope: 'user:email' });
      return;
    }
    const account = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!account) {
      json(401, { message: 'Bad credentials' });
      return;
    }
    if (url.pathname === '/user') {
      json(200, {
        id: account.id,
        login: account.login,
        name: account.name,
        email: null,
        avatar_url: `https://avatars.example/${account.id}`,
      });
      return;
    }
    if (url.pathname === '/user/emails') {
      json(200, account.emails);
      return;
    }
    json(404, { message: 'Not Found' });
  });
  const port = await freePort();
  await listen(server, port);
  const base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    signInAs(account) {
      current = account;
    },
    env: (id, secret) => ({
      GITHUB_CLIENT_ID: id,
      GITHUB_CLIENT_SECRET: secret,
      GITHUB_AUTHORIZATION_URL: `${base}/login/oauth/authorize`,
      GITHUB_TOKEN_URL: `${base}/login/oauth/access_token`,
      GITHUB_USERINFO_URL: `${base}/user`,
      GITHUB_EMAILS_URL: `${base}/user/emails`,
    }),
    get rejected() {
      return state.rejected;
    },
    stop: () => close(server),
  };
}
