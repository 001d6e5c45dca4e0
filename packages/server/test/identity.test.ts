import { randomUUID } from 'node:crypto';
import { ERRORS, type SseFrame } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  dialects,
  postChat,
  readFrames,
  type Session,
  signUp,
  startTestApp,
  type TestApp,
} from './helpers.ts';
import { turnOnTwoFactor } from './totp.ts';

const BANNED = { error: { code: 'banned', message: ERRORS.banned.message } };
const PASSWORD = 'correct horse battery';

/**
 * Who is asking is decided in one place (auth/identify.ts): a user banned by an admin while holding
 * a still-valid access token is refused everywhere a token is accepted, not only inside the main
 * authenticated scope; and every sign-in path checks the ban before it answers.
 */
describe.each(dialects)('request identity (%s)', (dialect) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    // Shared links need a sign-in to read: the public share read authenticates.
    t = await startTestApp(dialect, { env: { ALLOW_SHARED_LINKS_PUBLIC: 'false' } });
    // The first registered user is the ADMIN.
    admin = await signUp(t, 'Admin');
  });
  afterAll(async () => t?.close());

  const call = (s: Session | null, method: string, path: string, body?: unknown) =>
    fetch(`${t.base}${path}`, {
      method,
      headers: s ? authed(s) : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const ban = async (s: Session) =>
    expect((await call(admin, 'POST', `/api/admin/users/${s.userId}/ban`, {})).status).toBe(200);

  async function sharedConversation(owner: Session): Promise<string> {
    const res = await postChat(t, owner, { text: 'hello', messageId: randomUUID() });
    const frames = await readFrames(res, (f) => 'final' in f.data);
    const final = frames.find((f) => 'final' in f.data)?.data as Extract<SseFrame, { final: true }>;
    const link = await call(owner, 'POST', `/api/share/${final.conversation.conversationId}`);
    expect(link.status).toBe(200);
    return (await link.json()).shareId;
  }

  it('a banned user with a live token is refused on every two-factor route, and 2FA stays on', async () => {
    const u = await signUp(t, 'Twofa');
    const { backupCodes } = await turnOnTwoFactor(t.base, u.token);
    await ban(u);
    const routes: [string, unknown][] = [
      ['/api/auth/2fa/enable', undefined],
      ['/api/auth/2fa/verify', { token: '123456' }],
      ['/api/auth/2fa/confirm', { token: '123456' }],
      // Valid codes: without the ban check these would succeed.
      ['/api/auth/2fa/disable', { backupCode: backupCodes[0] }],
      ['/api/auth/2fa/backup/regenerate', { backupCode: backupCodes[1] }],
    ];
    const answers = [];
    for (const [path, body] of routes) {
      const res = await call(u, 'POST', path, body);
      answers.push({ path, status: res.status, body: await res.json() });
    }
    expect(answers).toEqual(routes.map(([path]) => ({ path, status: 403, body: BANNED })));
    const row = await t.app.ctx.repos.users.findById(u.userId);
    expect(row?.two_factor_enabled).toBe(1);
  });

  it('a banned user with a live token cannot read a shared link that needs a sign-in', async () => {
    const owner = await signUp(t, 'Owner');
    const reader = await signUp(t, 'Reader');
    const shareId = await sharedConversation(owner);
    // Control: before the ban the reader's token opens the link, without one it is refused.
    expect((await call(reader, 'GET', `/api/share/${shareId}`)).status).toBe(200);
    expect((await call(null, 'GET', `/api/share/${shareId}`)).status).toBe(401);
    await ban(reader);
    const res = await call(reader, 'GET', `/api/share/${shareId}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(BANNED);
  });

  it('the banner route does not count a banned user as signed in', async () => {
    const u = await signUp(t, 'Reader of banners');
    const created = await call(admin, 'POST', '/api/admin/banners', { message: 'Members only' });
    expect(created.status).toBe(200);
    const { bannerId } = await created.json();
    try {
      expect((await (await call(u, 'GET', '/api/banner')).json())?.bannerId).toBe(bannerId);
      await ban(u);
      const res = await call(u, 'GET', '/api/banner');
      expect(res.status).toBe(200);
      expect(await res.json()).toBeNull();
    } finally {
      await call(admin, 'DELETE', `/api/admin/banners/${bannerId}`);
    }
  });

  it("a deleted user's live token is an invalid token on two-factor routes too", async () => {
    const u = await signUp(t, 'Leaver');
    expect((await call(u, 'DELETE', '/api/user')).status).toBe(204);
    for (const path of ['/api/convos', '/api/auth/2fa/enable']) {
      const res = await call(u, path === '/api/convos' ? 'GET' : 'POST', path);
      expect({ path, status: res.status, code: (await res.json()).error.code }).toEqual({
        path,
        status: 401,
        code: 'invalid_token',
      });
    }
  });

  it('a banned account with two-factor on gets the ban at login, not a tempToken', async () => {
    const u = await signUp(t, 'Banned twofa');
    await turnOnTwoFactor(t.base, u.token);
    await ban(u);
    const res = await call(null, 'POST', '/api/auth/login', { email: u.email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(BANNED);
  });
});
