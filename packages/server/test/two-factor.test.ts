import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, dialects, type Session, signUp, startTestApp, type TestApp } from './helpers.ts';
import { freshCode } from './totp.ts';

const STEP_MS = 30_000;
const PASSWORD = 'correct horse battery';

/** A code that matches no step in the window. */
const staleCode = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() - 5 * STEP_MS });

describe.each(dialects)('two-factor (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${t.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const as = (s: Session) => authed(s);
  const me = async (s: Session) => (await fetch(`${t.base}/api/user`, { headers: as(s) })).json();
  const login = (s: Session) => post('/api/auth/login', { email: s.email, password: PASSWORD });

  /** enable + verify + confirm; returns the secret, the backup codes and the used-step tracker. */
  async function turnOn(s: Session) {
    const res = await post('/api/auth/2fa/enable', undefined, as(s));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { otpauthUrl: string; backupCodes: string[] };
    const secret = new URL(body.otpauthUrl).searchParams.get('secret')!;
    const state = { last: 0 };
    const code = await freshCode(secret, state);
    expect((await post('/api/auth/2fa/verify', { token: code }, as(s))).status).toBe(200);
    expect((await post('/api/auth/2fa/confirm', { token: code }, as(s))).status).toBe(200);
    return { secret, backupCodes: body.backupCodes, state, otpauthUrl: body.otpauthUrl, confirmCode: code };
  }

  async function tempTokenOf(s: Session): Promise<string> {
    const res = await login(s);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ twoFAPending: true, tempToken: expect.any(String) });
    expect(res.headers.get('set-cookie')).toBeNull();
    return body.tempToken;
  }

  it('sets up in steps: enable is pending until confirm; wrong codes are refused with the error shape', async () => {
    const a = await signUp(t);
    const res = await post('/api/auth/2fa/enable', undefined, as(a));
    const body = await res.json();
    expect(body.backupCodes).toHaveLength(10);
    for (const code of body.backupCodes) expect(code).toMatch(/^[0-9a-z]{8}$/);
    const uri = new URL(body.otpauthUrl);
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toContain(a.email);
    const secret = uri.searchParams.get('secret')!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // Not active yet: login still signs in directly, the flag is off.
    expect((await me(a)).twoFactorEnabled).toBe(false);
    expect((await (await login(a)).json()).token).toEqual(expect.any(String));

    const wrong = await post('/api/auth/2fa/verify', { token: staleCode(secret) }, as(a));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: { code: 'two_fa_invalid_code', message: 'Invalid two-factor code.' },
    });
    const short = await post('/api/auth/2fa/confirm', { token: '12345' }, as(a));
    expect(short.status).toBe(400);
    expect((await short.json()).error).toMatchObject({ code: 'validation', field: 'token' });
    expect((await post('/api/auth/2fa/confirm', { token: staleCode(secret) }, as(a))).status).toBe(400);
    expect((await me(a)).twoFactorEnabled).toBe(false);

    const state = { last: 0 };
    const code = await freshCode(secret, state);
    expect((await post('/api/auth/2fa/verify', { token: code }, as(a))).status).toBe(200);
    const confirmed = await post('/api/auth/2fa/confirm', { token: code }, as(a));
    expect(await confirmed.json()).toEqual({ message: 'Two-factor authentication enabled.' });
    expect((await me(a)).twoFactorEnabled).toBe(true);

    // A second enable cannot replace an active secret (a stolen access token must not take over 2FA).
    const again = await post('/api/auth/2fa/enable', undefined, as(a));
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('two_fa_already_enabled');
  });

  it('a new enable before confirming replaces the pending secret', async () => {
    const a = await signUp(t);
    const first = await (await post('/api/auth/2fa/enable', undefined, as(a))).json();
    const second = await (await post('/api/auth/2fa/enable', undefined, as(a))).json();
    const s1 = new URL(first.otpauthUrl).searchParams.get('secret')!;
    const s2 = new URL(second.otpauthUrl).searchParams.get('secret')!;
    expect(s2).not.toBe(s1);
    expect(
      (await post('/api/auth/2fa/confirm', { token: await freshCode(s1, { last: 0 }) }, as(a))).status,
    ).toBe(400);
    expect(
      (await post('/api/auth/2fa/confirm', { token: await freshCode(s2, { last: 0 }) }, as(a))).status,
    ).toBe(200);
  });

  it('login then verify-temp with a code gives the session a normal login gives; a code works once', async () => {
    const a = await signUp(t);
    const { secret, state } = await turnOn(a);
    const tempToken = await tempTokenOf(a);

    const wrong = await post('/api/auth/2fa/verify-temp', { tempToken, token: staleCode(secret) });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get('set-cookie')).toBeNull();

    const code = await freshCode(secret, state);
    const ok = await post('/api/auth/2fa/verify-temp', { tempToken, token: code });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toEqual({ token: expect.any(String), user: expect.objectContaining({ id: a.userId }) });
    expect(body.user.twoFactorEnabled).toBe(true);
    const cookie = ok.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const session: Session = { ...a, token: body.token, cookie: cookie.split(';')[0]! };
    expect((await me(session)).id).toBe(a.userId);
    const refreshed = await post('/api/auth/refresh', undefined, { cookie: session.cookie });
    expect(refreshed.status).toBe(200);

    // The same code again: refused, even with a fresh tempToken.
    const replay = await post('/api/auth/2fa/verify-temp', { tempToken: await tempTokenOf(a), token: code });
    expect(replay.status).toBe(400);
    expect((await replay.json()).error.code).toBe('two_fa_invalid_code');
  });

  it('the code that confirmed the setup cannot sign in', async () => {
    const a = await signUp(t);
    const { secret, state, confirmCode } = await turnOn(a);
    const tempToken = await tempTokenOf(a);
    expect((await post('/api/auth/2fa/verify-temp', { tempToken, token: confirmCode })).status).toBe(400);
    expect(
      (await post('/api/auth/2fa/verify-temp', { tempToken, token: await freshCode(secret, state) })).status,
    ).toBe(200);
  });

  it('a backup code signs in once; it is case- and dash-insensitive', async () => {
    const a = await signUp(t);
    const { backupCodes } = await turnOn(a);
    const [first, second] = backupCodes as [string, string];
    const ok = await post('/api/auth/2fa/verify-temp', {
      tempToken: await tempTokenOf(a),
      backupCode: first,
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).token).toEqual(expect.any(String));
    const again = await post('/api/auth/2fa/verify-temp', {
      tempToken: await tempTokenOf(a),
      backupCode: first,
    });
    expect(again.status).toBe(400);
    expect((await again.json()).error.code).toBe('two_fa_invalid_code');
    const typed = `${second.slice(0, 4).toUpperCase()}-${second.slice(4)}`;
    expect(
      (await post('/api/auth/2fa/verify-temp', { tempToken: await tempTokenOf(a), backupCode: typed }))
        .status,
    ).toBe(200);
    expect(
      (await post('/api/auth/2fa/verify-temp', { tempToken: await tempTokenOf(a), backupCode: 'zzzzzzzz' }))
        .status,
    ).toBe(400);
  });

  it('the tempToken is single-purpose and checked', async () => {
    const a = await signUp(t);
    const { secret } = await turnOn(a);
    const tempToken = await tempTokenOf(a);
    // Not an access token…
    expect(
      (await fetch(`${t.base}/api/user`, { headers: { authorization: `Bearer ${tempToken}` } })).status,
    ).toBe(401);
    // …and an access token is not a tempToken; nor is a tampered one.
    for (const bad of [a.token, `${tempToken}x`, 'not-a-token']) {
      const res = await post('/api/auth/2fa/verify-temp', { tempToken: bad, token: staleCode(secret) });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        error: {
          code: 'two_fa_temp_invalid',
          message: 'Your sign-in attempt has expired. Please log in again.',
        },
      });
    }
    const both = await post('/api/auth/2fa/verify-temp', {
      tempToken,
      token: '123456',
      backupCode: 'abcdefgh',
    });
    expect(both.status).toBe(400);
    expect((await both.json()).error.code).toBe('validation');
  });

  it('disable needs a current code or a backup code; afterwards login is one step again', async () => {
    const a = await signUp(t);
    const { secret, state, backupCodes } = await turnOn(a);
    expect((await post('/api/auth/2fa/disable', {}, as(a))).status).toBe(400);
    expect((await post('/api/auth/2fa/disable', { token: staleCode(secret) }, as(a))).status).toBe(400);
    expect((await post('/api/auth/2fa/disable', { backupCode: 'zzzzzzzz' }, as(a))).status).toBe(400);
    expect((await me(a)).twoFactorEnabled).toBe(true);

    const off = await post('/api/auth/2fa/disable', { backupCode: backupCodes[3] }, as(a));
    expect(await off.json()).toEqual({ message: 'Two-factor authentication disabled.' });
    expect((await me(a)).twoFactorEnabled).toBe(false);
    const direct = await (await login(a)).json();
    expect(direct.token).toEqual(expect.any(String));
    expect(direct.twoFAPending).toBeUndefined();

    // On again, then off with a TOTP code.
    const second = await turnOn(a);
    expect(second.secret).not.toBe(secret);
    const res = await post(
      '/api/auth/2fa/disable',
      { token: await freshCode(second.secret, second.state) },
      as(a),
    );
    expect(res.status).toBe(200);
    expect((await me(a)).twoFactorEnabled).toBe(false);
    // Old backup codes died with the old setup.
    expect((await post('/api/auth/2fa/disable', { backupCode: backupCodes[4] }, as(a))).status).toBe(400);
    void state;
  });

  it('regenerating needs a code and replaces every backup code', async () => {
    const a = await signUp(t);
    const { secret, state, backupCodes } = await turnOn(a);
    expect((await post('/api/auth/2fa/backup/regenerate', {}, as(a))).status).toBe(400);
    expect((await post('/api/auth/2fa/backup/regenerate', { token: staleCode(secret) }, as(a))).status).toBe(
      400,
    );
    const res = await post(
      '/api/auth/2fa/backup/regenerate',
      { token: await freshCode(secret, state) },
      as(a),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.backupCodes).toHaveLength(10);
    expect(body.backupCodesHash).toHaveLength(10);
    for (const h of body.backupCodesHash)
      expect(h).toEqual({ codeHash: expect.stringMatching(/^[0-9a-f]{64}$/), used: false, usedAt: null });
    for (const code of body.backupCodes) expect(JSON.stringify(body.backupCodesHash)).not.toContain(code);

    const old = await post('/api/auth/2fa/verify-temp', {
      tempToken: await tempTokenOf(a),
      backupCode: backupCodes[0],
    });
    expect(old.status).toBe(400);
    const fresh = await post('/api/auth/2fa/verify-temp', {
      tempToken: await tempTokenOf(a),
      backupCode: body.backupCodes[0],
    });
    expect(fresh.status).toBe(200);
  });

  it('one user cannot act on another: codes, backup codes and tempTokens stay with their owner', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const ta = await turnOn(a);
    const tb = await turnOn(b);
    // B sends A's valid code and A's backup code: checked against B's own secret and codes only.
    expect(
      (await post('/api/auth/2fa/disable', { token: await freshCode(ta.secret, ta.state) }, as(b))).status,
    ).toBe(400);
    expect((await post('/api/auth/2fa/disable', { backupCode: ta.backupCodes[0] }, as(b))).status).toBe(400);
    expect(
      (await post('/api/auth/2fa/backup/regenerate', { backupCode: ta.backupCodes[1] }, as(b))).status,
    ).toBe(400);
    expect((await me(a)).twoFactorEnabled).toBe(true);
    expect((await me(b)).twoFactorEnabled).toBe(true);
    // A's tempToken with B's code does not sign anyone in.
    const cross = await post('/api/auth/2fa/verify-temp', {
      tempToken: await tempTokenOf(a),
      token: await freshCode(tb.secret, tb.state),
    });
    expect(cross.status).toBe(400);
    // A's backup codes still work for A.
    expect(
      (
        await post('/api/auth/2fa/verify-temp', {
          tempToken: await tempTokenOf(a),
          backupCode: ta.backupCodes[0],
        })
      ).status,
    ).toBe(200);
  });

  it('needs a signed-in, local account', async () => {
    expect((await post('/api/auth/2fa/enable', undefined)).status).toBe(401);
    expect((await post('/api/auth/2fa/confirm', { token: '123456' })).status).toBe(401);
    const a = await signUp(t);
    await t.app.ctx.db.updateTable('users').set({ provider: 'openid' }).where('id', '=', a.userId).execute();
    const res = await post('/api/auth/2fa/enable', undefined, as(a));
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('two_fa_local_only');
    const b = await signUp(t);
    const verify = await post('/api/auth/2fa/verify', { token: '123456' }, as(b));
    expect(verify.status).toBe(400);
    expect((await verify.json()).error.code).toBe('two_fa_not_pending');
  });

  it('keeps secrets out of responses and stores them encrypted and hashed', async () => {
    const a = await signUp(t);
    const { secret, state, backupCodes, otpauthUrl } = await turnOn(a);
    const db = t.app.ctx.db;
    const row = await db
      .selectFrom('two_factor')
      .selectAll()
      .where('user_id', '=', a.userId)
      .executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain(secret);
    const codes = await db.selectFrom('backup_codes').selectAll().where('user_id', '=', a.userId).execute();
    expect(codes).toHaveLength(10);
    const stored = JSON.stringify(codes);
    for (const code of backupCodes) expect(stored).not.toContain(code);

    const texts = [
      await (await fetch(`${t.base}/api/user`, { headers: as(a) })).text(),
      await (await login(a)).text(),
      await (
        await post('/api/auth/2fa/verify-temp', {
          tempToken: await tempTokenOf(a),
          token: await freshCode(secret, state),
        })
      ).text(),
      await (
        await post('/api/auth/2fa/verify', { token: await freshCode(secret, { last: 0 }) }, as(a))
      ).text(),
    ];
    for (const text of texts) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(row.secret!);
      expect(text).not.toMatch(/totp|backupCode|otpauth/i);
      for (const code of backupCodes) expect(text).not.toContain(code);
    }
    void otpauthUrl;
  });
});
