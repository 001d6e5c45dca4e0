import { expect, it } from 'vitest';
import { authed, describeApp, signUp, startTestApp } from './helpers.ts';

const json = { 'content-type': 'application/json' };

describeApp('auth', (t, dialect) => {
  const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${t.base}${p}`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });

  it('rejects invalid registrations with the spec text naming the field', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ name: 'Al' }, 'name', 'Name must be at least 3 characters'],
      [{ email: 'not-an-email' }, 'email', 'You must enter a valid email address'],
      [
        { password: 'short', confirm_password: 'short' },
        'password',
        'Password must be at least 8 characters',
      ],
      [{ confirm_password: 'different1' }, 'confirm_password', 'Passwords do not match'],
      [{ username: 'x' }, 'username', 'Username must be at least 2 characters'],
    ];
    for (const [patch, field, message] of cases) {
      const body = {
        name: 'Alice',
        email: 'alice@example.com',
        password: 'password123',
        confirm_password: 'password123',
        ...patch,
      };
      const res = await post('/api/auth/register', body);
      expect(res.status, field).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'validation', message, field } });
    }
  });

  it('makes the first user ADMIN and later users USER; never returns the password hash', async () => {
    const first = await signUp(t, 'First Admin');
    const second = await signUp(t, 'Second User');
    const me1 = await (await fetch(`${t.base}/api/user`, { headers: authed(first) })).json();
    const me2Res = await fetch(`${t.base}/api/user`, { headers: authed(second) });
    const raw = await me2Res.text();
    expect(me1.role).toBe('ADMIN');
    expect(JSON.parse(raw).role).toBe('USER');
    expect(raw).not.toMatch(/password|hash/i);
  });

  it('answers a duplicate email like any registration, without creating or changing an account', async () => {
    const s = await signUp(t);
    const res = await post('/api/auth/register', {
      name: 'Dup User',
      email: s.email.toUpperCase(),
      password: 'another password',
      confirm_password: 'another password',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Registration successful.' });
    const login = await post('/api/auth/login', { email: s.email, password: 'another password' });
    expect(login.status).toBe(401);
  });

  it('limits registrations per IP', async () => {
    const limited = await startTestApp(dialect, { env: { REGISTER_MAX: '2' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${limited.base}/api/auth/register`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            name: 'Someone',
            email: `r${i}@example.com`,
            password: 'password123',
            confirm_password: 'password123',
          }),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('sets an httpOnly SameSite=Strict refresh cookie and rejects bad credentials', async () => {
    const s = await signUp(t);
    const ok = await post('/api/auth/login', { email: s.email, password: 'correct horse battery' });
    const cookie = ok.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/refreshToken=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    const bad = await post('/api/auth/login', { email: s.email, password: 'wrong password!' });
    expect(bad.status).toBe(401);
    expect((await bad.json()).error.code).toBe('invalid_credentials');
  });

  const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0];

  it('rotates the refresh token and revokes the session when an old one is reused', async () => {
    const s = await signUp(t);
    const r1 = await post('/api/auth/refresh', {}, { cookie: s.cookie });
    expect(r1.status).toBe(200);
    const body = await r1.json();
    expect(body.token).toBeTruthy();
    expect(body.user.id).toBe(s.userId);
    const cookie1 = cookieOf(r1);
    expect(cookie1).not.toBe(s.cookie);
    const r2 = await post('/api/auth/refresh', {}, { cookie: cookie1 });
    expect(r2.status).toBe(200);
    const cookie2 = cookieOf(r2);

    // The first token is two rotations old: presenting it is reuse, and the session dies.
    const reuse = await post('/api/auth/refresh', {}, { cookie: s.cookie });
    expect(reuse.status).toBe(401);
    expect((await post('/api/auth/refresh', {}, { cookie: cookie2 })).status).toBe(401);
  });

  it('lets two tabs refresh with the same cookie at once', async () => {
    const s = await signUp(t);
    const [a, b] = await Promise.all([
      post('/api/auth/refresh', {}, { cookie: s.cookie }),
      post('/api/auth/refresh', {}, { cookie: s.cookie }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Whichever cookie the browser kept last still works.
    expect((await post('/api/auth/refresh', {}, { cookie: cookieOf(b) })).status).toBe(200);
  });

  it('logout ends the session', async () => {
    const s = await signUp(t);
    const out = await post('/api/auth/logout', {}, { cookie: s.cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/refreshToken=;/);
    expect((await post('/api/auth/refresh', {}, { cookie: s.cookie })).status).toBe(401);
    expect((await post('/api/auth/refresh', {})).status).toBe(401);
  });

  it('guards the API with a Bearer token', async () => {
    expect((await fetch(`${t.base}/api/convos`)).status).toBe(401);
    const res = await fetch(`${t.base}/api/convos`, {
      headers: { authorization: 'Bearer forged.token.here' },
    });
    expect(res.status).toBe(401);
  });

  it('serves role permissions: own role yes, others only for admins', async () => {
    await signUp(t); // ensures at least one admin exists already
    const user = await signUp(t);
    const role = await (await fetch(`${t.base}/api/roles/USER`, { headers: authed(user) })).json();
    expect(role.name).toBe('USER');
    for (const type of ['PROMPTS', 'BOOKMARKS', 'AGENTS', 'MULTI_CONVO', 'RUN_CODE']) {
      expect(role.permissions[type].USE).toBe(true);
    }
    expect(role.permissions.PROMPTS.CREATE).toBe(true);
    expect(role.permissions.PROMPTS.SHARED_GLOBAL).toBe(false);
    expect(role.permissions.AGENTS.SHARED_GLOBAL).toBe(false);
    expect((await fetch(`${t.base}/api/roles/ADMIN`, { headers: authed(user) })).status).toBe(403);
  });

  it('limits login attempts per IP (7 per window)', async () => {
    const limited = await startTestApp(dialect, { env: { LOGIN_MAX: '7' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await fetch(`${limited.base}/api/auth/login`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email: 'nobody@example.com', password: 'password123' }),
        });
        statuses.push(res.status);
        if (i === 7) expect((await res.json()).error.code).toBe('login_rate_limited');
      }
      expect(statuses.slice(0, 7).every((s) => s === 401)).toBe(true);
      expect(statuses[7]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
