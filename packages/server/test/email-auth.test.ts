import { createHash } from 'node:crypto';
import { EMAIL_AUTH_TEXT } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from './helpers.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';

const json = { 'content-type': 'application/json' };
const PASSWORD = 'correct horse battery';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
let n = 0;
const newEmail = () => `mail${++n}-${Date.now()}@example.com`;

describe.each(dialects)('email verification and password reset (%s)', (dialect) => {
  let sink: SmtpSink;
  let mail: TestApp; // email on, password reset on
  let plain: TestApp; // no email, password reset on
  let off: TestApp; // defaults: no email, password reset off
  /** Every response body, to prove no token hash (nor, with email on, a raw token) ever leaves. */
  const bodies: string[] = [];
  const tokens: string[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    mail = await startTestApp(dialect, {
      env: {
        EMAIL_HOST: '127.0.0.1',
        EMAIL_PORT: String(sink.port),
        EMAIL_USERNAME: 'parley',
        EMAIL_PASSWORD: 'sink-password',
        EMAIL_FROM: 'noreply@parley.test',
        ALLOW_PASSWORD_RESET: 'true',
        DOMAIN_CLIENT: 'http://client.test',
      },
    });
    plain = await startTestApp(dialect, {
      env: { ALLOW_PASSWORD_RESET: 'true', DOMAIN_CLIENT: 'http://client.test' },
    });
    off = await startTestApp(dialect);
  });
  afterAll(async () => {
    await Promise.all([mail?.close(), plain?.close(), off?.close()]);
    await sink?.close();
  });

  const call = async (t: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.base}${path}`, {
      method: 'POST',
      headers: { ...json, ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    bodies.push(text);
    return {
      status: res.status,
      body: text ? JSON.parse(text) : null,
      cookie: (res.headers.get('set-cookie') ?? '').split(';')[0],
    };
  };
  const register = (t: TestApp, email: string, extra: Record<string, string> = {}) =>
    call(t, '/api/auth/register', {
      name: 'Mail User',
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
      ...extra,
    });
  const login = (t: TestApp, email: string, password = PASSWORD) =>
    call(t, '/api/auth/login', { email, password });
  const params = (link: string) => {
    const url = new URL(link);
    const token = url.searchParams.get('token') ?? '';
    tokens.push(token);
    return { url, token, email: url.searchParams.get('email'), userId: url.searchParams.get('userId') };
  };

  /** Unused verification links of an account: one is issued for every verification mail. */
  const verifyTokens = async (email: string) => {
    const rows = await mail.app.ctx.db
      .selectFrom('auth_tokens')
      .innerJoin('users', 'users.id', 'auth_tokens.user_id')
      .select('auth_tokens.id')
      .where('auth_tokens.type', '=', 'verify')
      .where('users.email', '=', email)
      .execute();
    return rows.length;
  };

  it('reports email and password reset in /api/config', async () => {
    const cfg = async (t: TestApp) => (await fetch(`${t.base}/api/config`)).json();
    expect(await cfg(mail)).toMatchObject({ emailEnabled: true, passwordResetEnabled: true });
    expect(await cfg(plain)).toMatchObject({ emailEnabled: false, passwordResetEnabled: true });
    expect(await cfg(off)).toMatchObject({ emailEnabled: false, passwordResetEnabled: false });
  });

  it('mails a verification link; login answers 422 until the address is verified; the link works once', async () => {
    const email = newEmail();
    const since = sink.mails.length;
    expect((await register(mail, email)).body).toEqual({ message: 'Registration successful.' });
    const message = await sink.waitFor(email, since);
    expect(message.subject).toMatch(/verify/i);
    const link = params(message.link!);
    expect(link.url.origin + link.url.pathname).toBe('http://client.test/verify');
    expect(link.email).toBe(email);

    const before = await login(mail, email);
    expect(before.status).toBe(422);
    expect(before.body).toEqual({ error: { code: 'email_unverified', message: 'Email not verified' } });
    // A wrong password still says only "invalid credentials": 422 is never a hint about the password.
    expect((await login(mail, email, 'wrong password!')).status).toBe(401);

    expect((await call(mail, '/api/user/verify', { email, token: 'x'.repeat(43) })).status).toBe(400);
    expect((await call(mail, '/api/user/verify', { email: newEmail(), token: link.token })).status).toBe(400);
    const ok = await call(mail, '/api/user/verify', { email, token: link.token });
    expect(ok).toMatchObject({ status: 200, body: { message: EMAIL_AUTH_TEXT.verified } });
    const again = await call(mail, '/api/user/verify', { email, token: link.token });
    expect(again).toMatchObject({ status: 400, body: { error: { code: 'invalid_verify_token' } } });

    const after = await login(mail, email);
    expect(after.status).toBe(200);
    expect(after.body.user.emailVerified).toBe(true);
  });

  it('resends a verification link that replaces the old one, with one answer for every address', async () => {
    const email = newEmail();
    let since = sink.mails.length;
    await register(mail, email);
    const first = params((await sink.waitFor(email, since)).link!);
    since = sink.mails.length;
    const resend = await call(mail, '/api/user/verify/resend', { email });
    expect(resend).toMatchObject({ status: 200, body: { message: EMAIL_AUTH_TEXT.resendSent } });
    const second = params((await sink.waitFor(email, since)).link!);
    expect(second.token).not.toBe(first.token);
    const unknown = await call(mail, '/api/user/verify/resend', { email: newEmail() });
    expect(unknown.body).toEqual(resend.body);

    expect(await verifyTokens(email)).toBe(1);
    expect((await call(mail, '/api/user/verify', { email, token: first.token })).status).toBe(400);
    expect((await call(mail, '/api/user/verify', { email, token: second.token })).status).toBe(200);
    expect(await verifyTokens(email)).toBe(0);
    // Verified accounts get no more mail. Every verification mail carries a link issued for it
    // before the answer (auth/email-links.ts), so no new link means no mail was decided on; the
    // sending itself happens after the answer and cannot be waited for.
    const again = await call(mail, '/api/user/verify/resend', { email });
    expect(again.body).toEqual(resend.body);
    expect(await verifyTokens(email)).toBe(0);
  });

  it('refuses an expired verification token', async () => {
    const email = newEmail();
    const since = sink.mails.length;
    await register(mail, email);
    const link = params((await sink.waitFor(email, since)).link!);
    await mail.app.ctx.db
      .updateTable('auth_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', sha256(link.token))
      .execute();
    expect((await call(mail, '/api/user/verify', { email, token: link.token })).status).toBe(400);
    expect((await login(mail, email)).status).toBe(422);
  });

  it('stores only token hashes', async () => {
    const email = newEmail();
    const since = sink.mails.length;
    await register(mail, email);
    const link = params((await sink.waitFor(email, since)).link!);
    const rows = await mail.app.ctx.db.selectFrom('auth_tokens').selectAll().execute();
    expect(rows.map((r) => r.token_hash)).toContain(sha256(link.token));
    for (const row of rows) {
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(tokens).not.toContain(row.token_hash);
    }
  });

  it('mails a reset link (never in the response); reset revokes every session; the link works once', async () => {
    const email = newEmail();
    let since = sink.mails.length;
    await register(mail, email);
    await call(mail, '/api/user/verify', {
      email,
      token: params((await sink.waitFor(email, since)).link!).token,
    });
    const a = await login(mail, email);
    const b = await login(mail, email);

    since = sink.mails.length;
    const req = await call(mail, '/api/auth/requestPasswordReset', { email });
    expect(req).toMatchObject({ status: 200, body: { message: EMAIL_AUTH_TEXT.resetRequested } });
    expect(req.body.link).toBeUndefined();
    const unknown = await call(mail, '/api/auth/requestPasswordReset', { email: newEmail() });
    expect(unknown.body).toEqual(req.body);

    const link = params((await sink.waitFor(email, since)).link!);
    expect(link.url.pathname).toBe('/reset-password');
    expect(link.userId).toBe(a.body.user.id);

    const newPassword = 'a brand new password';
    const reset = await call(mail, '/api/auth/resetPassword', {
      token: link.token,
      userId: link.userId,
      password: newPassword,
      confirm_password: newPassword,
    });
    expect(reset).toMatchObject({ status: 200, body: { message: EMAIL_AUTH_TEXT.resetDone } });
    for (const s of [a, b]) {
      expect((await call(mail, '/api/auth/refresh', {}, { cookie: s.cookie })).status).toBe(401);
    }
    expect((await login(mail, email)).status).toBe(401);
    expect((await login(mail, email, newPassword)).status).toBe(200);
    const reuse = await call(mail, '/api/auth/resetPassword', {
      token: link.token,
      userId: link.userId,
      password: 'yet another password',
      confirm_password: 'yet another password',
    });
    expect(reuse).toMatchObject({ status: 400, body: { error: { code: 'invalid_reset_token' } } });
    // The change is confirmed by email.
    await expect
      .poll(() => sink.mails.some((m) => m.to.includes(email) && /changed/i.test(m.subject)))
      .toBe(true);
  });

  it('without email, shows the reset link in the response, and only for a known local account', async () => {
    const email = newEmail();
    expect((await register(plain, email)).status).toBe(200);
    // Without email, accounts need no verification.
    expect((await login(plain, email)).status).toBe(200);
    const req = await call(plain, '/api/auth/requestPasswordReset', { email });
    expect(req.body.message).toBe(EMAIL_AUTH_TEXT.resetRequested);
    const link = params(req.body.link);
    expect(link.url.origin).toBe('http://client.test');
    const unknown = await call(plain, '/api/auth/requestPasswordReset', { email: newEmail() });
    expect(unknown.body).toEqual({ message: EMAIL_AUTH_TEXT.resetRequested });

    // A token for one user does not reset another.
    const other = newEmail();
    await register(plain, other);
    const otherId = (await login(plain, other)).body.user.id;
    const wrongUser = await call(plain, '/api/auth/resetPassword', {
      token: link.token,
      userId: otherId,
      password: 'hijacked password',
      confirm_password: 'hijacked password',
    });
    expect(wrongUser.status).toBe(400);
    expect((await login(plain, other, 'hijacked password')).status).toBe(401);

    // That failed attempt burned nothing: the token still works for its owner.
    const ok = await call(plain, '/api/auth/resetPassword', {
      token: link.token,
      userId: link.userId,
      password: 'the new password',
      confirm_password: 'the new password',
    });
    expect(ok.status).toBe(200);
    expect((await login(plain, email, 'the new password')).status).toBe(200);
  });

  it('refuses an expired reset token', async () => {
    const email = newEmail();
    await register(plain, email);
    const link = params((await call(plain, '/api/auth/requestPasswordReset', { email })).body.link);
    await plain.app.ctx.db
      .updateTable('auth_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', sha256(link.token))
      .execute();
    const res = await call(plain, '/api/auth/resetPassword', {
      token: link.token,
      userId: link.userId,
      password: 'expired attempt',
      confirm_password: 'expired attempt',
    });
    expect(res).toMatchObject({ status: 400, body: { error: { code: 'invalid_reset_token' } } });
  });

  it('validates the reset payload with the spec texts', async () => {
    const base = { token: 'abc', userId: 'u1', password: 'password123', confirm_password: 'password123' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ token: undefined }, 'token', 'Unable to process: No valid reset token'],
      [{ token: '' }, 'token', 'Unable to process: No valid reset token'],
      [{ userId: undefined }, 'userId', 'Unable to process: No valid user id'],
      [
        { password: 'short', confirm_password: 'short' },
        'password',
        'Password must be at least 8 characters',
      ],
      [{ confirm_password: 'different1' }, 'confirm_password', 'Passwords do not match'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await call(plain, '/api/auth/resetPassword', { ...base, ...patch });
      expect(res.status, field).toBe(400);
      expect(res.body).toEqual({ error: { code: 'validation', message, field } });
    }
  });

  it('refuses both reset routes when ALLOW_PASSWORD_RESET is off', async () => {
    const email = newEmail();
    await register(off, email);
    const req = await call(off, '/api/auth/requestPasswordReset', { email });
    expect(req).toMatchObject({ status: 403, body: { error: { code: 'password_reset_disabled' } } });
    const reset = await call(off, '/api/auth/resetPassword', {
      token: 'abc',
      userId: 'u1',
      password: 'password123',
      confirm_password: 'password123',
    });
    expect(reset.status).toBe(403);
  });

  it('an invitation opens closed registration for its address and needs no verification', async () => {
    const closed = await startTestApp(dialect, {
      env: {
        ALLOW_REGISTRATION: 'false',
        EMAIL_HOST: '127.0.0.1',
        EMAIL_PORT: String(sink.port),
        EMAIL_USERNAME: 'parley',
        EMAIL_PASSWORD: 'sink-password',
        EMAIL_FROM: 'noreply@parley.test',
      },
    });
    try {
      const email = newEmail();
      const token = await closed.app.ctx.repos.authTokens.issue('invite', { email }, 60_000);
      expect((await register(closed, email)).status).toBe(403);
      expect((await register(closed, newEmail(), { token })).status).toBe(403);
      expect((await register(closed, email, { token })).status).toBe(200);
      expect((await login(closed, email)).status).toBe(200);
      expect((await register(closed, newEmail(), { token })).status).toBe(403);
    } finally {
      await closed.close();
    }
  });

  it('never puts a token hash in a response, nor a raw token when email is on', () => {
    expect(tokens.length).toBeGreaterThan(4);
    for (const token of tokens) {
      for (const body of bodies) expect(body).not.toContain(sha256(token));
    }
    const mailedOnly = bodies.filter((b) => !b.includes('"link"'));
    for (const token of tokens) for (const body of mailedOnly) expect(body).not.toContain(token);
  });
});
