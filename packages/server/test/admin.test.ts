import { ERRORS, PERMISSION_TYPE_SLUGS, PERMISSIONS_BY_TYPE } from '@parley/schema';
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

const BAN_TEXT = 'Your account has been temporarily banned due to violations of our service.';

describe.each(dialects)('roles, permissions and the admin area (%s)', (dialect) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    t = await startTestApp(dialect, { yaml: 'balance:\n  enabled: true\n  startBalance: 1000\n' });
    // LibreChat's rule: the first registered user is the ADMIN.
    admin = await signUp(t, 'Admin');
    alice = await signUp(t, 'Alice');
    bob = await signUp(t, 'Bob');
  });
  afterAll(async () => t?.close());

  const call = (s: Session | null, method: string, path: string, body?: unknown) =>
    fetch(`${t.base}${path}`, {
      method,
      headers: s ? authed(s) : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async (s: Session | null, method: string, path: string, body?: unknown) => {
    const res = await call(s, method, path, body);
    return { status: res.status, body: await res.json() };
  };
  const refresh = (s: Session) =>
    fetch(`${t.base}/api/auth/refresh`, { method: 'POST', headers: { cookie: s.cookie } });
  const login = (email: string) =>
    fetch(`${t.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });

  it('makes the first registered user ADMIN and later ones USER', async () => {
    expect((await json(admin, 'GET', '/api/user')).body.role).toBe('ADMIN');
    expect((await json(alice, 'GET', '/api/user')).body.role).toBe('USER');
  });

  describe('GET /api/roles/:name', () => {
    it('lets a user read their own role with every permission type at LibreChat defaults', async () => {
      const { status, body } = await json(alice, 'GET', '/api/roles/user');
      expect(status).toBe(200);
      expect(Object.keys(body.permissions).sort()).toEqual(Object.keys(PERMISSIONS_BY_TYPE).sort());
      expect(body.permissions.PROMPTS).toEqual({ USE: true, CREATE: true, SHARED_GLOBAL: false });
      expect(body.permissions.AGENTS).toEqual({ USE: true, CREATE: true, SHARED_GLOBAL: false });
      expect(body.permissions.TEMPORARY_CHAT).toEqual({ USE: true });
    });
    it('refuses a USER reading ADMIN (403) and lets an ADMIN read any role', async () => {
      expect((await json(alice, 'GET', '/api/roles/ADMIN')).status).toBe(403);
      const adminRole = await json(admin, 'GET', '/api/roles/ADMIN');
      expect(adminRole.body.permissions.PROMPTS.SHARED_GLOBAL).toBe(true);
      expect((await json(admin, 'GET', '/api/roles/USER')).status).toBe(200);
      expect((await json(admin, 'GET', '/api/roles/NOPE')).status).toBe(404);
    });
  });

  describe('PUT /api/roles/:name/:permissionType', () => {
    it('is ADMIN only', async () => {
      const res = await json(alice, 'PUT', '/api/roles/USER/prompts', { USE: false });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    });

    it('applies partial updates to every permission type and rejects unknown ones', async () => {
      for (const [slug, type] of Object.entries(PERMISSION_TYPE_SLUGS)) {
        for (const perm of PERMISSIONS_BY_TYPE[type]) {
          const before = (await json(admin, 'GET', '/api/roles/USER')).body.permissions[type];
          const off = await json(admin, 'PUT', `/api/roles/USER/${slug}`, { [perm]: false });
          expect(off.status).toBe(200);
          // Only the named permission changed.
          expect(off.body.permissions[type]).toEqual({ ...before, [perm]: false });
          const read = await json(alice, 'GET', '/api/roles/USER');
          expect(read.body.permissions[type][perm]).toBe(false);
          await json(admin, 'PUT', `/api/roles/USER/${slug}`, { [perm]: before[perm] });
        }
      }
      const badType = await json(admin, 'PUT', '/api/roles/USER/widgets', { USE: true });
      expect(badType.status).toBe(400);
      expect(badType.body.error.field).toBe('permissionType');
      const badPerm = await json(admin, 'PUT', '/api/roles/USER/bookmarks', { CREATE: true });
      expect(badPerm.status).toBe(400);
      expect(badPerm.body.error.field).toBe('CREATE');
      expect((await json(admin, 'PUT', '/api/roles/USER/bookmarks', { USE: 'yes' })).status).toBe(400);
      expect((await json(admin, 'PUT', '/api/roles/USER/bookmarks', {})).status).toBe(400);
      expect((await json(admin, 'PUT', '/api/roles/NOPE/bookmarks', { USE: true })).status).toBe(404);
    });

    it('bookmarks use off → the bookmarks API answers 403; back on → 200', async () => {
      expect((await call(alice, 'GET', '/api/tags')).status).toBe(200);
      await json(admin, 'PUT', '/api/roles/USER/bookmarks', { USE: false });
      expect((await call(alice, 'GET', '/api/tags')).status).toBe(403);
      // Admins keep their own role's permission.
      expect((await call(admin, 'GET', '/api/tags')).status).toBe(200);
      await json(admin, 'PUT', '/api/roles/USER/bookmarks', { USE: true });
      expect((await call(alice, 'GET', '/api/tags')).status).toBe(200);
    });

    it('temporary chat use off → a temporary chat is refused with 403', async () => {
      await json(admin, 'PUT', '/api/roles/USER/temporary-chat', { USE: false });
      const res = await postChat(t, alice, { text: 'hi', isTemporary: true });
      expect(res.status).toBe(403);
      await json(admin, 'PUT', '/api/roles/USER/temporary-chat', { USE: true });
      const ok = await postChat(t, alice, { text: 'hi', isTemporary: true });
      expect(ok.status).toBe(200);
      await readFrames(ok);
    });
  });

  describe('admin routes refuse a USER (403) and a visitor (401)', () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/users'],
      ['PUT', '/api/admin/users/x/role', { role: 'ADMIN' }],
      ['POST', '/api/admin/users/x/ban', {}],
      ['DELETE', '/api/admin/users/x/ban'],
      ['DELETE', '/api/admin/users/x'],
      ['POST', '/api/admin/users/x/balance', { amount: 5 }],
      ['GET', '/api/admin/usage?from=0&to=1000'],
      ['GET', '/api/admin/banners'],
      ['POST', '/api/admin/banners', { message: 'hi' }],
      ['PUT', '/api/admin/banners/x', { message: 'hi' }],
      ['DELETE', '/api/admin/banners/x'],
    ];
    it.each(routes)('%s %s', async (method, path, body) => {
      const res = await json(alice, method, path, body);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(ERRORS.forbidden.message);
      expect((await call(null, method, path, body)).status).toBe(401);
    });
  });

  describe('users', () => {
    it('lists newest first with keyset paging and searches name, email and username', async () => {
      const first = await json(admin, 'GET', '/api/admin/users?limit=2');
      expect(first.status).toBe(200);
      expect(first.body.users.map((u: { name: string }) => u.name)).toEqual(['Bob', 'Alice']);
      expect(first.body.users[0]).not.toHaveProperty('password_hash');
      expect(first.body.users[0].tokenCredits).toBe(1000);
      const next = await json(admin, 'GET', `/api/admin/users?limit=2&cursor=${first.body.nextCursor}`);
      expect(next.body.users.map((u: { name: string }) => u.name)).toEqual(['Admin']);
      expect(next.body.nextCursor).toBeNull();
      const found = await json(admin, 'GET', '/api/admin/users?search=ALI');
      expect(found.body.users.map((u: { id: string }) => u.id)).toEqual([alice.userId]);
      const byEmail = await json(admin, 'GET', `/api/admin/users?search=${encodeURIComponent(bob.email)}`);
      expect(byEmail.body.users.map((u: { id: string }) => u.id)).toEqual([bob.userId]);
      // LIKE wildcards are literal.
      expect((await json(admin, 'GET', '/api/admin/users?search=%25')).body.users).toEqual([]);
      expect((await json(admin, 'GET', '/api/admin/users?limit=500')).status).toBe(400);
    });

    it('changes a role, effective on the next request; refuses the admin changing themselves', async () => {
      const c = await signUp(t, 'Carol');
      expect((await call(c, 'GET', '/api/admin/users')).status).toBe(403);
      const up = await json(admin, 'PUT', `/api/admin/users/${c.userId}/role`, { role: 'ADMIN' });
      expect(up.body.role).toBe('ADMIN');
      // Same access token: the role is read fresh per request.
      expect((await call(c, 'GET', '/api/admin/users')).status).toBe(200);
      await json(admin, 'PUT', `/api/admin/users/${c.userId}/role`, { role: 'USER' });
      expect((await call(c, 'GET', '/api/admin/users')).status).toBe(403);
      expect((await json(admin, 'PUT', `/api/admin/users/${c.userId}/role`, { role: 'ROOT' })).status).toBe(
        400,
      );
      expect(
        (await json(admin, 'PUT', `/api/admin/users/${admin.userId}/role`, { role: 'USER' })).status,
      ).toBe(400);
      expect((await json(admin, 'PUT', '/api/admin/users/missing/role', { role: 'USER' })).status).toBe(404);
    });

    it('a ban refuses requests, refresh and login with the ban text; unban restores access', async () => {
      const d = await signUp(t, 'Dave');
      const banned = await json(admin, 'POST', `/api/admin/users/${d.userId}/ban`, {});
      expect(banned.body.bannedUntil).toBeGreaterThan(Date.now());
      const req = await json(d, 'GET', '/api/convos');
      expect(req.status).toBe(403);
      expect(req.body.error).toEqual({ code: 'banned', message: BAN_TEXT });
      const ref = await refresh(d);
      expect(ref.status).toBe(403);
      expect((await ref.json()).error.message).toBe(BAN_TEXT);
      const log = await login(d.email);
      expect(log.status).toBe(403);
      expect((await log.json()).error.message).toBe(BAN_TEXT);
      // Others are unaffected.
      expect((await call(bob, 'GET', '/api/convos')).status).toBe(200);
      const unbanned = await json(admin, 'DELETE', `/api/admin/users/${d.userId}/ban`);
      expect(unbanned.body.bannedUntil).toBeNull();
      expect((await call(d, 'GET', '/api/convos')).status).toBe(200);
      expect((await login(d.email)).status).toBe(200);
    });

    it('a timed ban ends by itself', async () => {
      const e = await signUp(t, 'Eve');
      await json(admin, 'POST', `/api/admin/users/${e.userId}/ban`, { minutes: 1 });
      expect((await call(e, 'GET', '/api/convos')).status).toBe(403);
      // Move the ban end into the past, as time would.
      await t.app.ctx.db
        .updateTable('users')
        .set({ banned_until: Date.now() - 1 })
        .where('id', '=', e.userId)
        .execute();
      expect((await call(e, 'GET', '/api/convos')).status).toBe(200);
      expect((await json(admin, 'POST', `/api/admin/users/${admin.userId}/ban`, {})).status).toBe(400);
    });

    it('adjusts the balance and records it in the ledger', async () => {
      const res = await json(admin, 'POST', `/api/admin/users/${bob.userId}/balance`, { amount: 250 });
      expect(res.status).toBe(200);
      expect(res.body.tokenCredits).toBe(1250);
      const seen = await json(bob, 'GET', '/api/balance');
      expect(seen.body.tokenCredits).toBe(1250);
      const down = await json(admin, 'POST', `/api/admin/users/${bob.userId}/balance`, { amount: -50 });
      expect(down.body.tokenCredits).toBe(1200);
      expect(
        (await json(admin, 'POST', `/api/admin/users/${bob.userId}/balance`, { amount: 0 })).status,
      ).toBe(400);
      const ledger = await t.app.ctx.db
        .selectFrom('transactions')
        .select('token_value')
        .where('user_id', '=', bob.userId)
        .where('token_type', '=', 'credits')
        .execute();
      expect(ledger.map((r) => Number(r.token_value)).sort((a, b) => a - b)).toEqual([-50, 250]);
    });

    it('deletes a user with all their data in one go and leaves other users untouched', async () => {
      const v = await signUp(t, 'Victim');
      const keep = await signUp(t, 'Keeper');
      for (const s of [v, keep]) {
        await readFrames(await postChat(t, s, { text: `hello from ${s.email}` }));
        await json(s, 'POST', '/api/tags', { tag: `tag-${s.userId}` });
        await json(s, 'POST', '/api/presets', { title: 'P', endpoint: 'openAI', model: 'gpt-4o' });
      }
      const db = t.app.ctx.db;
      const count = async (
        table: 'conversations' | 'messages' | 'sessions' | 'transactions' | 'conversation_tags' | 'balances',
        userId: string,
      ) =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .where('user_id', '=', userId)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const tables = [
        'conversations',
        'messages',
        'sessions',
        'transactions',
        'conversation_tags',
        'balances',
      ] as const;
      for (const table of tables) expect(await count(table, v.userId), table).toBeGreaterThan(0);
      const before = Object.fromEntries(
        await Promise.all(tables.map(async (x) => [x, await count(x, keep.userId)])),
      );

      const res = await json(admin, 'DELETE', `/api/admin/users/${v.userId}`);
      expect(res.status).toBe(200);
      for (const table of tables) expect(await count(table, v.userId), table).toBe(0);
      expect(
        await db.selectFrom('users').select('id').where('id', '=', v.userId).executeTakeFirst(),
      ).toBeUndefined();
      // Their search rows went too: nobody finds their text.
      const search = await json(
        keep,
        'GET',
        `/api/messages?search=${encodeURIComponent(v.email.split('@')[0])}`,
      );
      expect(JSON.stringify(search.body)).not.toContain(v.email);
      // Their token no longer works.
      expect((await call(v, 'GET', '/api/convos')).status).toBe(401);
      const after = Object.fromEntries(
        await Promise.all(tables.map(async (x) => [x, await count(x, keep.userId)])),
      );
      expect(after).toEqual(before);
      expect((await json(admin, 'DELETE', `/api/admin/users/${v.userId}`)).status).toBe(404);
      expect((await json(admin, 'DELETE', `/api/admin/users/${admin.userId}`)).status).toBe(400);
    });
  });

  describe('usage', () => {
    it('sums recorded token usage per user and per model over a period', async () => {
      const u = await signUp(t, 'Usage');
      const start = Date.now();
      await readFrames(await postChat(t, u, { text: 'count me' }));
      await readFrames(await postChat(t, u, { text: 'count me again', model: 'gpt-4o-mini' }));
      const end = Date.now() + 1;
      const ledger = await t.app.ctx.db
        .selectFrom('transactions')
        .selectAll()
        .where('user_id', '=', u.userId)
        .where('token_type', '!=', 'credits')
        .execute();
      const sum = (type: string, model?: string) =>
        ledger
          .filter((r) => r.token_type === type && (!model || r.model === model))
          .reduce((n, r) => n + Number(r.raw_amount), 0);

      const byUser = await json(admin, 'GET', `/api/admin/usage?from=${start}&to=${end}&groupBy=user`);
      expect(byUser.status).toBe(200);
      const row = byUser.body.rows.find((r: { key: string }) => r.key === u.userId);
      expect(row).toMatchObject({
        label: u.email,
        promptTokens: sum('prompt'),
        completionTokens: sum('completion'),
        replies: 2,
      });
      expect(row.promptTokens).toBeGreaterThan(0);

      const byModel = await json(admin, 'GET', `/api/admin/usage?from=${start}&to=${end}&groupBy=model`);
      const mini = byModel.body.rows.find((r: { key: string }) => r.key === 'gpt-4o-mini');
      expect(mini.completionTokens).toBe(sum('completion', 'gpt-4o-mini'));

      const earlier = await json(
        admin,
        'GET',
        `/api/admin/usage?from=${start - 10_000}&to=${start}&groupBy=user`,
      );
      expect(earlier.body.rows.find((r: { key: string }) => r.key === u.userId)).toBeUndefined();
      expect((await json(admin, 'GET', `/api/admin/usage?from=${end}&to=${start}`)).status).toBe(400);
      expect((await json(admin, 'GET', `/api/admin/usage?from=0&to=${400 * 86_400_000}`)).status).toBe(400);
    });
  });

  describe('banners', () => {
    it('shows the current banner: signed-in-only ones to users, public ones to everyone', async () => {
      expect((await json(null, 'GET', '/api/banner')).body).toBeNull();
      const members = await json(admin, 'POST', '/api/admin/banners', { message: '<b>Members</b> news' });
      expect(members.status).toBe(200);
      expect((await json(null, 'GET', '/api/banner')).body).toBeNull();
      expect((await json(alice, 'GET', '/api/banner')).body).toMatchObject({
        bannerId: members.body.bannerId,
        message: '<b>Members</b> news',
        isPublic: false,
      });
      const pub = await json(admin, 'PUT', `/api/admin/banners/${members.body.bannerId}`, {
        message: 'For all',
        isPublic: true,
      });
      expect(pub.body.isPublic).toBe(true);
      expect((await json(null, 'GET', '/api/banner')).body.message).toBe('For all');
      await json(admin, 'DELETE', `/api/admin/banners/${members.body.bannerId}`);
      expect((await json(alice, 'GET', '/api/banner')).body).toBeNull();
      expect((await json(admin, 'DELETE', `/api/admin/banners/${members.body.bannerId}`)).status).toBe(404);
    });

    it('honours the display window', async () => {
      const now = Date.now();
      const future = await json(admin, 'POST', '/api/admin/banners', {
        message: 'later',
        displayFrom: now + 3_600_000,
        isPublic: true,
      });
      const past = await json(admin, 'POST', '/api/admin/banners', {
        message: 'over',
        displayFrom: now - 7_200_000,
        displayTo: now - 3_600_000,
        isPublic: true,
      });
      expect((await json(null, 'GET', '/api/banner')).body).toBeNull();
      const listed = await json(admin, 'GET', '/api/admin/banners');
      expect(listed.body.banners.map((b: { bannerId: string }) => b.bannerId)).toEqual(
        expect.arrayContaining([future.body.bannerId, past.body.bannerId]),
      );
      const bad = await json(admin, 'POST', '/api/admin/banners', {
        message: 'x',
        displayFrom: now,
        displayTo: now - 1,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.field).toBe('displayTo');
      expect((await json(admin, 'POST', '/api/admin/banners', { message: '  ' })).status).toBe(400);
      for (const b of [future, past]) await json(admin, 'DELETE', `/api/admin/banners/${b.body.bannerId}`);
    });
  });

  it('a banned user with a valid token sees only public banners', async () => {
    const f = await signUp(t, 'Frank');
    const members = await json(admin, 'POST', '/api/admin/banners', { message: 'members' });
    expect((await json(f, 'GET', '/api/banner')).body?.bannerId).toBe(members.body.bannerId);
    await json(admin, 'POST', `/api/admin/users/${f.userId}/ban`, {});
    expect((await json(f, 'GET', '/api/banner')).body).toBeNull();
    await json(admin, 'DELETE', `/api/admin/banners/${members.body.bannerId}`);
  });
});
