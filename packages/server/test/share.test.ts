import { randomUUID } from 'node:crypto';
import type { SharedConversation, SharedLink, SharedLinkListResponse, SseFrame } from '@parley/schema';
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

type Final = Extract<SseFrame, { final: true }>;

/** Send one message and wait for the saved reply; returns the conversation id and reply id. */
async function send(t: TestApp, s: Session, text: string, convo?: { id: string; parent: string }) {
  const res = await postChat(t, s, {
    text,
    messageId: randomUUID(),
    ...(convo ? { conversationId: convo.id, parentMessageId: convo.parent } : {}),
  });
  expect(res.status).toBe(200);
  const frames = await readFrames(res, (f) => 'final' in f.data);
  const final = frames.find((f) => 'final' in f.data)?.data as Final;
  return { id: final.conversation.conversationId, parent: final.responseMessage.messageId };
}

describe.each(dialects)('shared links (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const api = (s: Session | null, path: string, method = 'GET') =>
    fetch(`${t.base}${path}`, { method, headers: s ? authed(s) : {} });
  const create = async (s: Session, conversationId: string) => {
    const res = await api(s, `/api/share/${conversationId}`, 'POST');
    expect(res.status).toBe(200);
    return (await res.json()) as SharedLink;
  };
  const view = (shareId: string) => fetch(`${t.base}/api/share/${shareId}`);

  it('creates a link whose public page is a frozen, anonymous snapshot', async () => {
    const a = await signUp(t, 'Alice Private');
    const convo = await send(t, a, 'First question about otters');

    const none = await (await api(a, `/api/share/link/${convo.id}`)).json();
    expect(none).toEqual({ success: false, shareId: null, conversationId: convo.id });

    const link = await create(a, convo.id);
    expect(link.shareId).toMatch(/^[A-Za-z0-9_-]{21,}$/);
    expect(link).toMatchObject({ conversationId: convo.id, isPublic: true });
    const status = await (await api(a, `/api/share/link/${convo.id}`)).json();
    expect(status).toEqual({ success: true, shareId: link.shareId, conversationId: convo.id });
    // One link per conversation.
    expect((await api(a, `/api/share/${convo.id}`, 'POST')).status).toBe(409);

    // No token needed, and nothing private in the payload.
    const res = await view(link.shareId);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const raw = await res.text();
    const shared = JSON.parse(raw) as SharedConversation;
    expect(shared.shareId).toBe(link.shareId);
    expect(shared.messages).toHaveLength(2);
    expect(shared.messages[0]).toMatchObject({ text: 'First question about otters', isCreatedByUser: true });
    expect(shared.messages[1].parentMessageId).toBe(shared.messages[0].messageId);
    expect(raw).not.toContain(convo.id);
    expect(raw).not.toContain(convo.parent);
    expect(raw).not.toContain(a.userId);
    expect(raw).not.toContain(a.email);
    expect(raw).not.toContain('Alice Private');
    expect(raw).not.toMatch(/clientTimestamp|tokenCount|user_id|userId/);
  });

  it('does not leak messages sent after sharing until the link is refreshed', async () => {
    const a = await signUp(t);
    const first = await send(t, a, 'Before sharing');
    const link = await create(a, first.id);
    await send(t, a, 'After sharing, secret', { id: first.id, parent: first.parent });

    const before = (await (await view(link.shareId)).json()) as SharedConversation;
    expect(before.messages).toHaveLength(2);
    expect(JSON.stringify(before)).not.toContain('After sharing, secret');

    const refreshed = await api(a, `/api/share/${link.shareId}`, 'PATCH');
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as SharedLink;
    // A refresh issues a new id: the old link stops working.
    expect(next.shareId).not.toBe(link.shareId);
    expect(next.createdAt).toBe(link.createdAt);
    expect((await view(link.shareId)).status).toBe(404);
    const after = (await (await view(next.shareId)).json()) as SharedConversation;
    expect(after.messages).toHaveLength(4);
    expect(after.messages.map((m) => m.text)).toContain('After sharing, secret');
    const status = await (await api(a, `/api/share/link/${first.id}`)).json();
    expect(status.shareId).toBe(next.shareId);
  });

  it('deletes a link: the public page answers 404', async () => {
    const a = await signUp(t);
    const convo = await send(t, a, 'Delete me later');
    const link = await create(a, convo.id);
    const del = await api(a, `/api/share/${link.shareId}`, 'DELETE');
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ success: true, shareId: link.shareId });
    const gone = await view(link.shareId);
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.message).toBe('Shared link not found');
    expect((await api(a, `/api/share/${link.shareId}`, 'DELETE')).status).toBe(404);
    expect(await (await api(a, `/api/share/link/${convo.id}`)).json()).toMatchObject({ success: false });
    expect((await view('not-a-real-share-id-at-all')).status).toBe(404);
  });

  it('lists my links in keyset pages, sorted and searched', async () => {
    const a = await signUp(t);
    const titles = ['Alpha notes', 'Bravo plan', 'Charlie recipe', 'Delta notes', 'Echo plan'];
    const links: SharedLink[] = [];
    for (const title of titles) {
      const convo = await send(t, a, `About ${title}`);
      // Let the generated title land first, then name the conversation.
      await api(a, `/api/convos/gen_title/${convo.id}`);
      await t.app.ctx.repos.conversations.update(a.userId, convo.id, { title });
      links.push(await create(a, convo.id));
    }
    const list = async (query: string) =>
      (await (await api(a, `/api/share?${query}`)).json()) as SharedLinkListResponse;

    // Newest first by default, two per page, no duplicates across pages.
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`pageSize=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.links.map((l) => l.title));
      expect(page.hasNextPage).toBe(page.nextCursor !== null);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...titles].reverse());

    const byTitle = await list('sortBy=title&sortDirection=asc&pageSize=3');
    expect(byTitle.links.map((l) => l.title)).toEqual(['Alpha notes', 'Bravo plan', 'Charlie recipe']);
    const rest = await list(`sortBy=title&sortDirection=asc&pageSize=3&cursor=${byTitle.nextCursor}`);
    expect(rest.links.map((l) => l.title)).toEqual(['Delta notes', 'Echo plan']);
    expect(rest.nextCursor).toBeNull();
    // A cursor made for another sort, or unreadable, starts from the first page.
    const byDate = await list('pageSize=3');
    const mixed = await list(`sortBy=title&sortDirection=asc&pageSize=3&cursor=${byDate.nextCursor}`);
    expect(mixed.links.map((l) => l.title)).toEqual(byTitle.links.map((l) => l.title));
    const junk = await list('sortBy=title&sortDirection=asc&pageSize=3&cursor=%25%25not-base64');
    expect(junk.links.map((l) => l.title)).toEqual(byTitle.links.map((l) => l.title));

    const notes = await list('search=NOTES');
    expect(notes.links.map((l) => l.title).sort()).toEqual(['Alpha notes', 'Delta notes']);
    expect((await list('search=100%25')).links).toEqual([]);
    expect((await api(a, '/api/share?sortBy=size')).status).toBe(400);
  });

  it('keeps links private to their owner', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const convo = await send(t, a, 'Only mine');
    const link = await create(a, convo.id);

    expect((await api(b, `/api/share/${convo.id}`, 'POST')).status).toBe(404);
    expect((await api(b, `/api/share/${link.shareId}`, 'PATCH')).status).toBe(404);
    expect((await api(b, `/api/share/${link.shareId}`, 'DELETE')).status).toBe(404);
    expect(await (await api(b, `/api/share/link/${convo.id}`)).json()).toMatchObject({ success: false });
    expect(((await (await api(b, '/api/share')).json()) as SharedLinkListResponse).links).toEqual([]);
    // A's link still works for everyone.
    expect((await view(link.shareId)).status).toBe(200);
    // Owner routes need a token.
    expect((await api(null, '/api/share')).status).toBe(401);
    expect((await api(null, `/api/share/${convo.id}`, 'POST')).status).toBe(401);
  });
});

describe('shared links switched off (sqlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { env: { ALLOW_SHARED_LINKS: 'false' } });
  });
  afterAll(async () => t?.close());

  it('gates every route and reports the flag in the startup config', async () => {
    const a = await signUp(t);
    const config = await (await fetch(`${t.base}/api/config`)).json();
    expect(config.sharedLinksEnabled).toBe(false);
    expect(config.publicSharedLinksEnabled).toBe(false);
    const convo = await send(t, a, 'Cannot share this');
    const call = (path: string, method = 'GET') =>
      fetch(`${t.base}${path}`, { method, headers: authed(a) }).then((r) => r.status);
    expect(await call('/api/share')).toBe(403);
    expect(await call(`/api/share/link/${convo.id}`)).toBe(403);
    expect(await call(`/api/share/${convo.id}`, 'POST')).toBe(403);
    expect(await call('/api/share/some-share-id', 'PATCH')).toBe(403);
    expect(await call('/api/share/some-share-id', 'DELETE')).toBe(403);
    expect((await fetch(`${t.base}/api/share/some-share-id`)).status).toBe(404);
  });
});

describe('shared links for signed-in viewers only (sqlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { env: { ALLOW_SHARED_LINKS_PUBLIC: 'false' } });
  });
  afterAll(async () => t?.close());

  it('asks anonymous viewers to sign in', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const config = await (await fetch(`${t.base}/api/config`)).json();
    expect(config).toMatchObject({ sharedLinksEnabled: true, publicSharedLinksEnabled: false });
    const convo = await send(t, a, 'Members only');
    const link = (await (
      await fetch(`${t.base}/api/share/${convo.id}`, { method: 'POST', headers: authed(a) })
    ).json()) as SharedLink;
    expect((await fetch(`${t.base}/api/share/${link.shareId}`)).status).toBe(401);
    const asB = await fetch(`${t.base}/api/share/${link.shareId}`, { headers: authed(b) });
    expect(asB.status).toBe(200);
  });
});
