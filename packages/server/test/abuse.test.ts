import { randomUUID } from 'node:crypto';
import { ERRORS } from '@parley/schema';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords.ts';
import {
  authed,
  dialects,
  postChat,
  readFrames,
  type Session,
  startTestApp,
  type TestApp,
} from './helpers.ts';
import { type FakeGithub, freePort, startFakeGithub } from './sso/peers.ts';

const json = { 'content-type': 'application/json' };
const BAN_TEXT = ERRORS.banned.message;
const PASSWORD = 'correct horse battery';

/** A user made straight in the database with a session: no register or login request is counted. */
async function makeUser(t: TestApp, email = `u-${randomUUID().slice(0, 8)}@example.com`): Promise<Session> {
  const { repos, sessions } = t.app.ctx;
  const user = await repos.users.create({
    name: 'Someone',
    username: null,
    email,
    passwordHash: await hashPassword(PASSWORD),
    emailVerified: true,
  });
  const { access, refresh } = await sessions.open(user);
  return { token: access, cookie: `refreshToken=${refresh.token}`, userId: user.id, email };
}

const post = (t: TestApp, path: string, body: unknown, headers: Record<string, string> = json) =>
  fetch(`${t.base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

/** Status codes of `n` calls, and the body of the last one. */
async function statuses(n: number, call: () => Promise<Response>) {
  const codes: number[] = [];
  let last: { error: { code: string; message: string } } | null = null;
  for (let i = 0; i < n; i++) {
    const res = await call();
    codes.push(res.status);
    last = res.headers.get('content-type')?.includes('json') ? await res.json() : null;
  }
  return { codes, last: last! };
}

async function waitFor(check: () => Promise<boolean>, ms = 8000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe.each(dialects)('rate limits (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      env: {
        BAN_VIOLATIONS: 'false',
        ALLOW_PASSWORD_RESET: 'true',
        LOGIN_MAX: '2',
        REGISTER_MAX: '2',
        RESET_PASSWORD_MAX: '2',
        RESET_PASSWORD_SUBMISSION_MAX: '1',
        VERIFY_EMAIL_MAX: '2',
        VERIFY_EMAIL_SUBMISSION_MAX: '1',
        MESSAGE_IP_MAX: '4',
        LIMIT_MESSAGE_USER: 'true',
        MESSAGE_USER_MAX: '2',
        FORK_USER_MAX: '2',
        FORK_IP_MAX: '30',
        IMPORT_USER_MAX: '2',
        FILE_UPLOAD_USER_MAX: '2',
      },
    });
  });
  afterAll(async () => t?.close());

  it('login: LOGIN_MAX attempts per window, then 429 with the window in the text', async () => {
    const { codes, last } = await statuses(3, () =>
      post(t, '/api/auth/login', { email: 'nobody@example.com', password: PASSWORD }),
    );
    expect(codes).toEqual([401, 401, 429]);
    expect(last.error).toEqual({
      code: 'login_rate_limited',
      message: 'Too many login attempts, please try again after 5 minutes.',
    });
  });

  it('register: REGISTER_MAX per window', async () => {
    let i = 0;
    const { codes, last } = await statuses(3, () =>
      post(t, '/api/auth/register', {
        name: 'Someone',
        email: `reg${i++}@example.com`,
        password: PASSWORD,
        confirm_password: PASSWORD,
      }),
    );
    expect(codes).toEqual([200, 200, 429]);
    expect(last.error.message).toBe('Too many accounts created, please try again after 60 minutes');
  });

  it('password reset: the request and the submission each have their own counter', async () => {
    const requests = await statuses(3, () =>
      post(t, '/api/auth/requestPasswordReset', { email: 'x@example.com' }),
    );
    expect(requests.codes).toEqual([200, 200, 429]);
    expect(requests.last.error.message).toBe('Too many attempts, please try again after 2 minute(s)');
    const u = await makeUser(t);
    const submissions = await statuses(2, () =>
      post(t, '/api/auth/resetPassword', {
        userId: u.userId,
        token: 'not-a-token',
        password: 'new password 1',
        confirm_password: 'new password 1',
      }),
    );
    expect(submissions.codes).toEqual([400, 429]);
  });

  it('email verification: resend and the link submission each limited', async () => {
    const resend = await statuses(3, () => post(t, '/api/user/verify/resend', { email: 'v@example.com' }));
    expect(resend.codes).toEqual([200, 200, 429]);
    expect(resend.last.error.message).toBe('Too many attempts, please try again after 2 minute(s)');
    const verify = await statuses(2, () =>
      post(t, '/api/user/verify', { email: 'v@example.com', token: 'not-a-token' }),
    );
    expect(verify.codes).toEqual([400, 429]);
  });

  it('messages: per user and per IP, answered with the message_limit chat error', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const send = async (s: Session) => {
      const res = await postChat(t, s, { text: 'hello' });
      if (res.status === 200) await readFrames(res);
      return res;
    };
    expect((await send(a)).status).toBe(200);
    expect((await send(a)).status).toBe(200);
    const perUser = await send(a);
    expect(perUser.status).toBe(429);
    const { error } = await perUser.json();
    expect(JSON.parse(error.message)).toEqual({ type: 'message_limit', max: 2, windowInMinutes: 1 });
    expect(error.details).toEqual({ type: 'message_limit', max: 2, windowInMinutes: 1 });
    // The IP window counts every message that passed it (a's refused third too: 3 of 4), so b's
    // second message is over the IP limit.
    expect((await send(b)).status).toBe(200);
    const perIp = await send(b);
    expect(perIp.status).toBe(429);
    expect(JSON.parse((await perIp.json()).error.message)).toMatchObject({ type: 'message_limit', max: 4 });
  });

  it('fork and duplicate share the fork limits', async () => {
    const s = await makeUser(t);
    const id = randomUUID();
    const dup = () => post(t, '/api/convos/duplicate', { conversationId: id }, authed(s));
    const fork = () =>
      post(t, '/api/convos/fork', { conversationId: id, messageId: randomUUID() }, authed(s));
    expect((await dup()).status).toBe(404);
    expect((await fork()).status).toBe(404);
    const refused = await dup();
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toBe('Too many conversation fork requests. Try again later');
  });

  it('conversation import: IMPORT_USER_MAX per window', async () => {
    const s = await makeUser(t);
    const { codes, last } = await statuses(3, () =>
      fetch(`${t.base}/api/convos/import`, {
        method: 'POST',
        headers: authed(s),
        body: 'not json',
      }),
    );
    expect(codes).toEqual([400, 400, 429]);
    expect(last.error.message).toBe('Too many conversation import requests. Try again later');
  });

  it('avatar upload: FILE_UPLOAD_USER_MAX per window', async () => {
    const s = await makeUser(t);
    const { codes, last } = await statuses(3, () =>
      fetch(`${t.base}/api/files/images/avatar`, { method: 'POST', headers: authed(s), body: '{}' }),
    );
    expect(codes).toEqual([400, 400, 429]);
    expect(last.error.message).toBe('Too many file upload requests. Try again later');
  });

  it('file upload: FILE_UPLOAD_USER_MAX per window, at the door (before any byte is read)', async () => {
    const s = await makeUser(t);
    const { codes, last } = await statuses(3, () =>
      fetch(`${t.base}/api/files`, { method: 'POST', headers: authed(s), body: '{}' }),
    );
    expect(codes.slice(0, 2).every((c) => c !== 429)).toBe(true);
    expect(codes[2]).toBe(429);
    expect(last.error.message).toBe('Too many file upload requests. Try again later');
  });
});

describe.each(dialects)('violations and temporary bans (%s)', (dialect) => {
  it('a user whose score reaches BAN_INTERVAL is banned with their IP, until BAN_DURATION passes', async () => {
    const t = await startTestApp(dialect, {
      env: {
        LIMIT_MESSAGE_USER: 'true',
        MESSAGE_USER_MAX: '1',
        MESSAGE_VIOLATION_SCORE: '2',
        BAN_INTERVAL: '2',
        BAN_DURATION: '1500',
      },
    });
    try {
      const s = await makeUser(t);
      const first = await postChat(t, s, { text: 'hello' });
      expect(first.status).toBe(200);
      await readFrames(first);
      // Over the limit: 429 for this request, and the score (2) reaches the interval.
      expect((await postChat(t, s, { text: 'again' })).status).toBe(429);
      const me = await fetch(`${t.base}/api/user`, { headers: authed(s) });
      expect(me.status).toBe(403);
      expect((await me.json()).error.message).toBe(BAN_TEXT);
      // The IP is banned too: sign-in, registration and reset are refused with the same text.
      const login = await post(t, '/api/auth/login', { email: s.email, password: PASSWORD });
      expect(login.status).toBe(403);
      expect((await login.json()).error.message).toBe(BAN_TEXT);
      expect(
        (
          await post(t, '/api/auth/register', {
            name: 'New',
            email: 'new@example.com',
            password: PASSWORD,
            confirm_password: PASSWORD,
          })
        ).status,
      ).toBe(403);
      // The user's ban is the shared users.banned_until column.
      const row = await t.app.ctx.repos.users.findById(s.userId);
      expect(Number(row?.banned_until)).toBeGreaterThan(Date.now());
      // Both lapse after BAN_DURATION.
      await waitFor(async () => (await fetch(`${t.base}/api/user`, { headers: authed(s) })).status === 200);
      expect((await post(t, '/api/auth/login', { email: s.email, password: PASSWORD })).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('an IP that keeps hitting the login limit is banned, again at each multiple; with BAN_VIOLATIONS off it is not', async () => {
    const env = { LOGIN_MAX: '1', BAN_INTERVAL: '2', BAN_DURATION: '1200' };
    const t = await startTestApp(dialect, { env });
    try {
      const bystander = await makeUser(t);
      const attempt = () => post(t, '/api/auth/login', { email: 'nobody@example.com', password: PASSWORD });
      const { codes, last } = await statuses(4, attempt);
      // 401, then two 429s (score 1, then 2 = the interval), then the ban.
      expect(codes).toEqual([401, 429, 429, 403]);
      expect(last.error).toEqual({ code: 'banned', message: BAN_TEXT });
      // Any signed-in request from the banned IP is refused too.
      const me = await fetch(`${t.base}/api/user`, { headers: authed(bystander) });
      expect(me.status).toBe(403);
      await waitFor(
        async () => (await fetch(`${t.base}/api/user`, { headers: authed(bystander) })).status === 200,
      );
      // Score 3, then 4: the next multiple bans again.
      expect((await statuses(3, attempt)).codes).toEqual([429, 429, 403]);
    } finally {
      await t.close();
    }

    const off = await startTestApp(dialect, { env: { ...env, BAN_VIOLATIONS: 'false' } });
    try {
      const attempt = () => post(off, '/api/auth/login', { email: 'nobody@example.com', password: PASSWORD });
      expect((await statuses(6, attempt)).codes).toEqual([401, 429, 429, 429, 429, 429]);
    } finally {
      await off.close();
    }
  });
});

describe('Redis store', () => {
  it('two app instances share the counters and the IP ban', async () => {
    const prefix = `parley-test-${randomUUID()}:`;
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: prefix,
      LOGIN_MAX: '3',
      BAN_INTERVAL: '2',
      BAN_DURATION: '60000',
    };
    const a = await startTestApp('sqlite', { env });
    const b = await startTestApp('sqlite', { env });
    const redis = new Redis('redis://127.0.0.1:6379');
    try {
      const login = (t: TestApp) =>
        post(t, '/api/auth/login', { email: 'nobody@example.com', password: PASSWORD });
      const codes = [];
      for (const t of [a, b, a, b, a]) codes.push((await login(t)).status);
      // Three attempts in all fit; the fourth (on b) and fifth (on a) are over; the score 2 bans.
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      const refused = await login(b);
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.message).toBe(BAN_TEXT);
      expect(await redis.keys(`${prefix}*`)).toEqual(expect.arrayContaining([`${prefix}ban:ip:127.0.0.1`]));
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      await a.close();
      await b.close();
    }
  });
});

describe.each(dialects)('registration rules (%s)', (dialect) => {
  const GITHUB_ID = 'gh-abuse';
  const GITHUB_SECRET = 'gh-abuse-secret-1';
  let github: FakeGithub;
  beforeAll(async () => {
    github = await startFakeGithub(GITHUB_ID, GITHUB_SECRET);
  });
  afterAll(async () => github?.stop());

  async function appOn(env: Record<string, string>, yaml?: string) {
    const port = await freePort();
    return startTestApp(dialect, {
      port,
      yaml,
      env: {
        DOMAIN_SERVER: `http://127.0.0.1:${port}`,
        DOMAIN_CLIENT: `http://127.0.0.1:${port}`,
        ...github.env(GITHUB_ID, GITHUB_SECRET),
        ...env,
      },
    });
  }

  /** GitHub sign-in as a new person with `email`; the location the browser is sent to at the end. */
  async function githubSignIn(t: TestApp, id: number, email: string): Promise<string> {
    github.signInAs({
      id,
      login: `octo${id}`,
      name: 'Octo',
      emails: [{ email, primary: true, verified: true }],
    });
    const start = await fetch(`${t.base}/oauth/github`, { redirect: 'manual' });
    if (start.status !== 302) return `status ${start.status}`;
    const flow = start.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('parley_oauth='))!;
    const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const res = await fetch(atProvider.headers.get('location')!, {
      redirect: 'manual',
      headers: { cookie: flow },
    });
    return res.headers.get('location')!;
  }

  it('registration.allowedDomains limits new local and social accounts to the listed domains', async () => {
    const t = await appOn(
      { ALLOW_SOCIAL_LOGIN: 'true', ALLOW_SOCIAL_REGISTRATION: 'true' },
      'version: 1.2.1\nregistration:\n  allowedDomains:\n    - example.com\n    - Corp.Example.org\n',
    );
    try {
      expect(await (await fetch(`${t.base}/api/config`)).json()).toMatchObject({
        socialRegistrationEnabled: true,
      });
      const register = (email: string) =>
        post(t, '/api/auth/register', {
          name: 'Someone',
          email,
          password: PASSWORD,
          confirm_password: PASSWORD,
        });
      expect((await register('ok@example.com')).status).toBe(200);
      expect((await register('ok@corp.example.org')).status).toBe(200);
      const refused = await register('no@other.org');
      expect(refused.status).toBe(403);
      expect((await refused.json()).error).toEqual({
        code: 'email_domain_not_allowed',
        message: 'The email address provided cannot be used. Please use a different email address.',
        field: 'email',
      });
      // A subdomain is another domain.
      expect((await register('no@sub.example.com')).status).toBe(403);
      expect(await t.app.ctx.repos.users.findByEmail('no@other.org')).toBeUndefined();

      expect(await githubSignIn(t, 501, 'octo@other.org')).toBe(
        `${t.base}/login?redirect=false&error=domain_not_allowed`,
      );
      expect(await t.app.ctx.repos.users.findByEmail('octo@other.org')).toBeUndefined();
      expect(await githubSignIn(t, 502, 'octo@example.com')).toBe(`${t.base}/chat/new`);
    } finally {
      await t.close();
    }
  });

  it('every ALLOW_* flag off: reflected in /api/config and refused by the API', async () => {
    const t = await appOn({
      ALLOW_REGISTRATION: 'false',
      ALLOW_EMAIL_LOGIN: 'false',
      ALLOW_SOCIAL_LOGIN: 'false',
      ALLOW_PASSWORD_RESET: 'false',
      ALLOW_ACCOUNT_DELETION: 'false',
    });
    try {
      const config = await (await fetch(`${t.base}/api/config`)).json();
      expect(config).toMatchObject({
        registrationEnabled: false,
        emailLoginEnabled: false,
        socialLoginEnabled: false,
        githubLoginEnabled: false,
        passwordResetEnabled: false,
        allowAccountDeletion: false,
      });
      const s = await makeUser(t);
      const reg = await post(t, '/api/auth/register', {
        name: 'Someone',
        email: 'closed@example.com',
        password: PASSWORD,
        confirm_password: PASSWORD,
      });
      expect(reg.status).toBe(403);
      expect((await reg.json()).error.code).toBe('registration_disabled');
      const login = await post(t, '/api/auth/login', { email: s.email, password: PASSWORD });
      expect(login.status).toBe(403);
      expect((await login.json()).error).toEqual({
        code: 'email_login_disabled',
        message: 'Email login is not allowed.',
      });
      expect((await fetch(`${t.base}/oauth/github`, { redirect: 'manual' })).status).toBe(404);
      expect((await post(t, '/api/auth/requestPasswordReset', { email: s.email })).status).toBe(403);
      const del = await fetch(`${t.base}/api/user`, { method: 'DELETE', headers: authed(s) });
      expect(del.status).toBe(403);
      expect((await del.json()).error.code).toBe('account_deletion_disabled');
    } finally {
      await t.close();
    }
  });

  it('ALLOW_SOCIAL_REGISTRATION off: social sign-in works for existing accounts only', async () => {
    const t = await appOn({ ALLOW_SOCIAL_LOGIN: 'true', ALLOW_SOCIAL_REGISTRATION: 'false' });
    try {
      const config = await (await fetch(`${t.base}/api/config`)).json();
      expect(config).toMatchObject({ socialLoginEnabled: true, socialRegistrationEnabled: false });
      expect(await githubSignIn(t, 601, 'stranger@example.com')).toBe(
        `${t.base}/login?redirect=false&error=registration_disabled`,
      );
      const s = await makeUser(t);
      expect(await githubSignIn(t, 602, s.email)).toBe(`${t.base}/chat/new`);
    } finally {
      await t.close();
    }
  });
});
