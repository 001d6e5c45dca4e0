import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  dialects,
  finalFrame,
  postChat,
  readFrames,
  type Session,
  signUp,
  startTestApp,
  type TestApp,
} from './helpers.ts';

/** A tiny avatar limit, and an endpoint that takes a user key (so a user_keys row can exist). */
const YAML = `fileConfig:
  avatarSizeLimit: 0.001
endpoints:
  custom:
    - name: MyLLM
      apiKey: user_provided
      baseURL: "{{FAKE}}/compatible/v1"
      models: { default: [my-model] }
`;

/** A real 1×1 PNG and the start of a JPEG (the server decides the type by these bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

function upload(t: TestApp, s: Session | null, data: Buffer, filename = 'avatar.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), filename);
  form.append('manual', 'true');
  return fetch(`${t.base}/api/files/images/avatar`, {
    method: 'POST',
    headers: s ? { authorization: `Bearer ${s.token}` } : {},
    body: form,
  });
}

const me = async (t: TestApp, s: Session) =>
  (await fetch(`${t.base}/api/user`, { headers: authed(s) })).json();

async function chat(t: TestApp, s: Session, text: string) {
  const res = await postChat(t, s, { text, messageId: randomUUID() });
  expect(res.status).toBe(200);
  const frames = await readFrames(res, (f) => 'final' in f.data);
  return finalFrame(frames).conversation.conversationId;
}

/** Rows the user owns in every table, straight from the database. */
async function ownedRows(t: TestApp, userId: string): Promise<Record<string, number>> {
  const db = t.app.ctx.db;
  const tables = [
    'conversations',
    'messages',
    'presets',
    'conversation_tags',
    'shared_links',
    'user_keys',
    'sessions',
  ] as const;
  const out: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  out.users = user ? 1 : 0;
  return out;
}

/** Give the user one of everything: a chat (messages), a shared link, a bookmark, a preset, a key. */
async function populate(t: TestApp, s: Session) {
  const convo = await chat(t, s, 'hello');
  const post = (p: string, body?: unknown, method = 'POST') =>
    fetch(`${t.base}${p}`, { method, headers: authed(s), body: body ? JSON.stringify(body) : undefined });
  expect((await post(`/api/share/${convo}`)).status).toBe(200);
  expect(
    (await post('/api/tags', { tag: 'keep', conversationId: convo, addToConversation: true })).status,
  ).toBe(200);
  expect((await post('/api/presets', { endpoint: 'openAI', model: 'gpt-4o' })).status).toBe(200);
  expect((await post('/api/keys', { name: 'MyLLM', value: 'sk-user', expiresAt: null }, 'PUT')).status).toBe(
    204,
  );
  await upload(t, s, PNG);
  return convo;
}

describe.each(dialects)('account (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { yaml: YAML });
  });
  afterAll(async () => t?.close());

  it('uploads a PNG or JPEG avatar, replaces the old one and serves it back', async () => {
    const s = await signUp(t);
    const first = await upload(t, s, PNG);
    expect(first.status).toBe(200);
    const { url } = await first.json();
    expect(url).toMatch(new RegExp(`^/api/files/avatars/${s.userId}/[0-9a-f]{32}\\.png$`));
    expect((await me(t, s)).avatar).toBe(url);

    // Served without a token (an <img> sends none), with the detected type.
    const served = await fetch(`${t.base}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    // The type comes from the bytes, not from the name: a JPEG named .png is stored as .jpg.
    const second = await upload(t, s, JPEG, 'avatar.png', 'image/png');
    expect(second.status).toBe(200);
    const next = (await second.json()).url as string;
    expect(next).toMatch(/\.jpg$/);
    expect((await me(t, s)).avatar).toBe(next);
    expect((await fetch(`${t.base}${url}`)).status).toBe(404);
    const dir = path.join(t.app.ctx.config.dataDir, 'avatars', s.userId);
    expect(readdirSync(dir)).toEqual([next.split('/').pop()]);
  });

  it('refuses other types, oversize files, missing files and anonymous uploads', async () => {
    const s = await signUp(t);
    const gif = await upload(t, s, Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'a.png', 'image/png');
    expect(gif.status).toBe(400);
    expect((await gif.json()).error).toMatchObject({
      code: 'avatar_invalid_type',
      message: 'Only PNG and JPEG images are allowed.',
    });
    const html = await upload(t, s, Buffer.from('<svg onload=alert(1)>'), 'a.png', 'image/png');
    expect((await html.json()).error.code).toBe('avatar_invalid_type');

    // The configured limit is 0.001 MB (1049 bytes): a PNG just over it fails, wholly over the body limit too.
    const big = Buffer.concat([PNG, Buffer.alloc(1100)]);
    const over = await upload(t, s, big);
    expect(over.status).toBe(413);
    expect((await over.json()).error).toMatchObject({
      code: 'avatar_too_large',
      message: 'The image is too large (the limit is 1 KB).',
    });
    const huge = await upload(t, s, Buffer.concat([PNG, Buffer.alloc(200_000)]));
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.code).toBe('avatar_too_large');

    const empty = await fetch(`${t.base}/api/files/images/avatar`, {
      method: 'POST',
      headers: authed(s),
      body: '{}',
    });
    expect(empty.status).toBe(400);
    expect((await upload(t, null, PNG)).status).toBe(401);
    expect((await me(t, s)).avatar).toBeNull();
  });

  it("never serves a path outside a user's avatar folder", async () => {
    const s = await signUp(t);
    const { url } = await (await upload(t, s, PNG)).json();
    const name = url.split('/').pop();
    for (const bad of [
      `/api/files/avatars/${s.userId}/..%2F..%2Fparley.db`,
      `/api/files/avatars/..%2F${s.userId}/${name}`,
      `/api/files/avatars/${s.userId}/${'0'.repeat(32)}.png`,
      '/api/files/avatars/secrets.json/x.png',
    ]) {
      expect((await fetch(`${t.base}${bad}`)).status).toBe(404);
    }
  });

  it('records terms acceptance per user', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const terms = async (s: Session) =>
      (await fetch(`${t.base}/api/user/terms`, { headers: authed(s) })).json();
    expect(await terms(a)).toEqual({ termsAccepted: false });
    const accepted = await fetch(`${t.base}/api/user/terms/accept`, { method: 'POST', headers: authed(a) });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ termsAccepted: true });
    expect(await terms(a)).toEqual({ termsAccepted: true });
    expect((await me(t, a)).termsAccepted).toBe(true);
    expect(await terms(b)).toEqual({ termsAccepted: false });
    expect((await fetch(`${t.base}/api/user/terms`)).status).toBe(401);
  });

  it('deletes the account and everything it owns, leaving other users intact', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await populate(t, a);
    const bConvo = await populate(t, b);
    const before = await ownedRows(t, a.userId);
    for (const [table, n] of Object.entries(before)) expect(n, table).toBeGreaterThan(0);
    const bBefore = await ownedRows(t, b.userId);
    const avatarDir = path.join(t.app.ctx.config.dataDir, 'avatars', a.userId);
    expect(existsSync(avatarDir)).toBe(true);

    const res = await fetch(`${t.base}/api/user`, { method: 'DELETE', headers: authed(a) });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/refreshToken=;|Expires=Thu, 01 Jan 1970/);

    const after = await ownedRows(t, a.userId);
    for (const [table, n] of Object.entries(after)) expect(n, table).toBe(0);
    expect(existsSync(avatarDir)).toBe(false);
    // Search rows went with the messages: the deleted user's text is not found for anyone.
    expect(await ownedRows(t, b.userId)).toEqual(bBefore);
    const bSearch = await (await fetch(`${t.base}/api/messages?search=hello`, { headers: authed(b) })).json();
    expect(JSON.stringify(bSearch)).toContain(bConvo);

    // The old refresh cookie no longer opens a session; login fails.
    const refresh = await fetch(`${t.base}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: a.cookie },
    });
    expect(refresh.status).toBe(401);
    const login = await fetch(`${t.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: a.email, password: 'correct horse battery' }),
    });
    expect(login.status).toBe(401);
    // B still works end to end.
    expect((await me(t, b)).id).toBe(b.userId);
    expect((await fetch(`${t.base}/api/convos/${bConvo}`, { headers: authed(b) })).status).toBe(200);
  });

  it('refuses deletion when ALLOW_ACCOUNT_DELETION=false and says so in /api/config', async () => {
    const off = await startTestApp(dialect, { env: { ALLOW_ACCOUNT_DELETION: 'false' } });
    try {
      const s = await signUp(off);
      const config = await (await fetch(`${off.base}/api/config`)).json();
      expect(config.allowAccountDeletion).toBe(false);
      const res = await fetch(`${off.base}/api/user`, { method: 'DELETE', headers: authed(s) });
      expect(res.status).toBe(403);
      expect((await res.json()).error).toEqual({
        code: 'account_deletion_disabled',
        message: 'Account deletion is not allowed.',
      });
      expect((await me(off, s)).id).toBe(s.userId);
    } finally {
      await off.close();
    }
    const on = await (await fetch(`${t.base}/api/config`)).json();
    expect(on.allowAccountDeletion).toBe(true);
    expect(on.avatarSizeLimit).toBe(Math.round(0.001 * 1024 * 1024));
  });
});

describe('terms of service config', () => {
  it('passes modalAcceptance, the title and markdown lines through /api/config', async () => {
    const t = await startTestApp('sqlite', {
      yaml: [
        'interface:',
        '  termsOfService:',
        '    modalAcceptance: true',
        '    modalTitle: House rules',
        '    modalContent:',
        '      - "# Rules"',
        '      - "Be **kind**."',
      ].join('\n'),
    });
    try {
      const config = await (await fetch(`${t.base}/api/config`)).json();
      expect(config.interface.termsOfService).toEqual({
        modalAcceptance: true,
        modalTitle: 'House rules',
        modalContent: '# Rules\nBe **kind**.',
      });
      expect(config.avatarSizeLimit).toBe(2 * 1024 * 1024);
    } finally {
      await t.close();
    }
  });
});
