import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { makeConvo as makeFactoryConvo, makeUser } from './factories.ts';
import { authed, describeApp, type Session } from './helpers.ts';

describeApp('bookmarks / conversation tags', (t) => {
  const call = (s: Session, method: string, path: string, body?: unknown) =>
    fetch(`${t.base}${path}`, {
      method,
      headers: authed(s),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async (s: Session, method: string, path: string, body?: unknown) => {
    const res = await call(s, method, path, body);
    return { status: res.status, body: await res.json() };
  };
  const listTags = async (s: Session) =>
    (await json(s, 'GET', '/api/tags')).body as { tag: string; count: number; position: number }[];
  const tagPath = (tag: string) => `/api/tags/${encodeURIComponent(tag)}`;

  /** A conversation made directly (factory): the chat pipeline is tested elsewhere. */
  const makeConvo = async (s: Session, opts: { tags?: string[]; title?: string } = {}) =>
    (await makeFactoryConvo(t, { userId: s.userId, ...opts })).id;
  const convoTags = async (s: Session, id: string) =>
    (await json(s, 'GET', `/api/convos/${id}`)).body.tags as string[];

  it('every user has the built-in Saved tag; create validates, orders and answers duplicates', async () => {
    const s = await makeUser(t);
    expect(await listTags(s)).toMatchObject([{ tag: 'Saved', count: 0, position: 0 }]);

    const created = await json(s, 'POST', '/api/tags', { tag: '  Work  ', description: 'Job things' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ tag: 'Work', description: 'Job things', count: 0, position: 1 });

    const dup = await json(s, 'POST', '/api/tags', { tag: 'Work' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ code: 'tag_exists', message: 'This bookmark already exists.' });

    const empty = await json(s, 'POST', '/api/tags', { tag: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.field).toBe('tag');
    const long = await json(s, 'POST', '/api/tags', { tag: 'x'.repeat(129) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('Maximum 128 characters');
    expect((await json(s, 'POST', '/api/tags', { tag: 'x'.repeat(128) })).status).toBe(200);
    const longDescription = await json(s, 'POST', '/api/tags', { tag: 'D', description: 'd'.repeat(1049) });
    expect(longDescription.status).toBe(400);
    expect(longDescription.body.error).toMatchObject({
      field: 'description',
      message: 'Maximum 1048 characters',
    });

    // A position inserts there; the rest shift down.
    await json(s, 'POST', '/api/tags', { tag: 'First', position: 0 });
    expect((await listTags(s)).map((x) => [x.tag, x.position])).toEqual([
      ['First', 0],
      ['Saved', 1],
      ['Work', 2],
      ['x'.repeat(128), 3],
    ]);
  });

  it('creates a tag on a conversation at once, and sets a conversation’s tags with counts', async () => {
    const s = await makeUser(t);
    const a = await makeConvo(s);
    const b = await makeConvo(s);
    const created = await json(s, 'POST', '/api/tags', {
      tag: 'Ideas',
      conversationId: a,
      addToConversation: true,
    });
    expect(created.body.count).toBe(1);
    expect(await convoTags(s, a)).toEqual(['Ideas']);

    const set = await json(s, 'PUT', `/api/tags/convo/${b}`, { tags: ['Saved', 'Ideas', 'Ideas', 'Fresh'] });
    expect(set).toEqual({ status: 200, body: ['Saved', 'Ideas', 'Fresh'] });
    const tags = await listTags(s);
    expect(tags.map((x) => [x.tag, x.count])).toEqual([
      ['Saved', 1],
      ['Ideas', 2],
      ['Fresh', 1],
    ]);
    await json(s, 'PUT', `/api/tags/convo/${b}`, { tags: [] });
    expect((await listTags(s)).map((x) => x.count)).toEqual([0, 1, 0]);

    expect((await json(s, 'PUT', `/api/tags/convo/${randomUUID()}`, { tags: ['Saved'] })).status).toBe(404);
    const missing = await json(s, 'POST', '/api/tags', {
      tag: 'Orphan',
      conversationId: randomUUID(),
      addToConversation: true,
    });
    expect(missing.status).toBe(404);
    expect((await listTags(s)).some((x) => x.tag === 'Orphan')).toBe(false);
  });

  it('renames across conversations, leaves unchanged saves alone, and deletes everywhere', async () => {
    const s = await makeUser(t);
    const a = await makeConvo(s, { tags: ['Old', 'Keep'] });
    const b = await makeConvo(s, { tags: ['Old'] });
    const c = await makeConvo(s, { tags: ['Keep'] });
    await json(s, 'POST', '/api/tags', { tag: 'Old', description: 'before' });
    await json(s, 'POST', '/api/tags', { tag: 'Keep' });

    const before = (await listTags(s)).find((x) => x.tag === 'Old') as unknown as { updatedAt: number };
    const same = await json(s, 'PUT', tagPath('Old'), { tag: 'Old', description: 'before' });
    expect(same.status).toBe(200);
    expect(same.body.updatedAt).toBe(before.updatedAt);

    expect((await json(s, 'PUT', tagPath('Old'), { tag: 'Keep' })).status).toBe(409);
    const renamed = await json(s, 'PUT', tagPath('Old'), { tag: 'New/Name', description: 'after' });
    expect(renamed.body).toMatchObject({ tag: 'New/Name', description: 'after', count: 2 });
    expect(await convoTags(s, a)).toEqual(['New/Name', 'Keep']);
    expect(await convoTags(s, b)).toEqual(['New/Name']);
    expect(await convoTags(s, c)).toEqual(['Keep']);
    expect((await json(s, 'PUT', tagPath('Old'), { description: 'x' })).status).toBe(404);

    const removed = await json(s, 'DELETE', tagPath('New/Name'));
    expect(removed.status).toBe(200);
    expect(removed.body.tag).toBe('New/Name');
    expect(await convoTags(s, a)).toEqual(['Keep']);
    expect(await convoTags(s, b)).toEqual([]);
    expect((await listTags(s)).map((x) => [x.tag, x.position])).toEqual([
      ['Saved', 0],
      ['Keep', 1],
    ]);
    expect((await json(s, 'DELETE', tagPath('New/Name'))).status).toBe(404);

    // The built-in tag stays.
    expect((await json(s, 'DELETE', tagPath('Saved'))).body.error.code).toBe('tag_builtin');
    expect((await json(s, 'PUT', tagPath('Saved'), { tag: 'Starred' })).status).toBe(400);
    expect((await json(s, 'PUT', tagPath('Saved'), { description: 'Pinned chats' })).body.description).toBe(
      'Pinned chats',
    );
  });

  it('reorders: a move shifts the others and positions are saved 0..n-1', async () => {
    const s = await makeUser(t);
    for (const tag of ['A', 'B', 'C', 'D']) await json(s, 'POST', '/api/tags', { tag });
    const order = async () => (await listTags(s)).map((x) => `${x.position}:${x.tag}`);
    expect(await order()).toEqual(['0:Saved', '1:A', '2:B', '3:C', '4:D']);
    await json(s, 'PUT', tagPath('D'), { position: 1 });
    expect(await order()).toEqual(['0:Saved', '1:D', '2:A', '3:B', '4:C']);
    await json(s, 'PUT', tagPath('Saved'), { position: 4 });
    expect(await order()).toEqual(['0:D', '1:A', '2:B', '3:C', '4:Saved']);
    await json(s, 'PUT', tagPath('A'), { position: 99 });
    expect(await order()).toEqual(['0:D', '1:B', '2:C', '3:Saved', '4:A']);
  });

  it('filters the conversation list by tags with keyset paging', async () => {
    const s = await makeUser(t);
    const tagged: string[] = [];
    for (let i = 0; i < 7; i++) {
      const tags = i % 2 === 0 ? ['Red'] : i % 3 === 0 ? ['Blue'] : [];
      const id = await makeConvo(s, { tags });
      if (tags.length) tagged.push(id);
    }
    // Newest first: collect every page of 2.
    const collect = async (query: string) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const q: string = `${query}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const { body } = await json(s, 'GET', `/api/convos?${q}`);
        ids.push(...body.conversations.map((c: { conversationId: string }) => c.conversationId));
        cursor = body.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      return ids;
    };
    const both = await collect('tags[]=Red&tags[]=Blue');
    expect(both).toEqual([...tagged].reverse());
    expect(both.length).toBe(5);
    const red = await collect('tags=Red');
    expect(red.length).toBe(4);
    expect(await collect('tags[]=Nothing')).toEqual([]);
    const all = await json(s, 'GET', '/api/convos?limit=100');
    expect(all.body.conversations.length).toBe(7);
  });

  it('keeps every user to their own tags and conversations', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const convoA = await makeConvo(a, { tags: ['Secret'] });
    await json(a, 'POST', '/api/tags', { tag: 'Secret' });
    await makeConvo(b, { tags: ['Secret'] });

    expect((await listTags(b)).map((x) => x.tag)).toEqual(['Saved']);
    await json(b, 'POST', '/api/tags', { tag: 'Secret' });
    expect((await listTags(b)).find((x) => x.tag === 'Secret')?.count).toBe(1);
    expect((await json(b, 'PUT', `/api/tags/convo/${convoA}`, { tags: ['Mine'] })).status).toBe(404);
    const attach = await json(b, 'POST', '/api/tags', {
      tag: 'Grab',
      conversationId: convoA,
      addToConversation: true,
    });
    expect(attach.status).toBe(404);

    // B renames and deletes their own 'Secret': A's conversation and tag are untouched.
    await json(b, 'PUT', tagPath('Secret'), { tag: 'Renamed' });
    await json(b, 'DELETE', tagPath('Renamed'));
    expect(await convoTags(a, convoA)).toEqual(['Secret']);
    expect((await listTags(a)).find((x) => x.tag === 'Secret')?.count).toBe(1);
    const bList = await json(b, 'GET', '/api/convos?tags[]=Secret');
    expect(bList.body.conversations).toEqual([]);
  });

  it('needs a session and the bookmarks use permission', async () => {
    expect((await fetch(`${t.base}/api/tags`)).status).toBe(401);
    const s = await makeUser(t);
    const convo = await makeConvo(s);
    const db = t.app.ctx.db;
    const row = await db.selectFrom('roles').selectAll().where('name', '=', 'USER').executeTakeFirstOrThrow();
    const perms = JSON.parse(row.permissions);
    try {
      await db
        .updateTable('roles')
        .set({ permissions: JSON.stringify({ ...perms, BOOKMARKS: { USE: false } }) })
        .where('name', '=', 'USER')
        .execute();
      expect((await call(s, 'GET', '/api/tags')).status).toBe(403);
      expect((await call(s, 'POST', '/api/tags', { tag: 'X' })).status).toBe(403);
      expect((await call(s, 'PUT', tagPath('Saved'), { description: 'x' })).status).toBe(403);
      expect((await call(s, 'DELETE', tagPath('Saved'))).status).toBe(403);
      expect((await call(s, 'PUT', `/api/tags/convo/${convo}`, { tags: ['X'] })).status).toBe(403);
      expect((await call(s, 'GET', '/api/convos?tags[]=X')).status).toBe(403);
      expect((await call(s, 'GET', '/api/convos')).status).toBe(200);
    } finally {
      await db
        .updateTable('roles')
        .set({ permissions: row.permissions })
        .where('name', '=', 'USER')
        .execute();
    }
    expect((await call(s, 'GET', '/api/tags')).status).toBe(200);
  });
});
