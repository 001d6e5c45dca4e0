import { randomUUID } from 'node:crypto';
import { type Conversation, type Message, NO_PARENT } from '@parley/schema';
import { expect, it } from 'vitest';
import { writeCopy } from '../src/convos/copy.ts';
import { conversationsPerDeleteTransaction } from '../src/db/dialects/bulk-delete.ts';
import { dialectOf } from '../src/db/dialects/json-tags.ts';
import { messagesRepo } from '../src/db/repos/messages.ts';
import type { MessageRow } from '../src/db/schema.ts';
import { makeConvo as makeFactoryConvo, makeUser, messageRow } from './factories.ts';
import { authed, describeApp, postChat, readFrames, type Session } from './helpers.ts';

describeApp('conversation actions', (t) => {
  /** A conversation of the user's with the given tree ([name, parent] pairs, parents first). */
  const makeConvo = (
    s: Session,
    opts: { title?: string; tree?: [string, string][]; isArchived?: boolean } = {},
  ) => makeFactoryConvo(t, { userId: s.userId, parameters: { temperature: 0.3 }, ...opts });

  const post = (s: Session | null, path: string, body: unknown, method = 'POST') =>
    fetch(`${t.base}/api/convos${path}`, {
      method,
      headers: s ? authed(s) : { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const get = async (s: Session, path: string) =>
    (await fetch(`${t.base}/api${path}`, { headers: authed(s) })).json();
  const list = async (s: Session, query = '') =>
    (await get(s, `/convos?${query}`)).conversations as Conversation[];

  // a ─ b ─ c ─ d, with b2 a second reply to a and c2 an edit of c.
  const TREE: [string, string][] = [
    ['a', '-'],
    ['b', 'a'],
    ['b2', 'a'],
    ['c', 'b'],
    ['c2', 'b'],
    ['d', 'c'],
  ];

  it('renames: trims, cuts to 100, empty becomes Untitled, keeps its place; 401, 400, 404 for others', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const { id } = await makeConvo(a);
    const before = (await list(a))[0];

    const res = await post(a, '/update', { arg: { conversationId: id, title: `  ${'x'.repeat(150)}  ` } });
    expect(res.status).toBe(201);
    const saved = await res.json();
    expect(saved.title).toBe('x'.repeat(100));
    expect(saved.updatedAt).toBe(before.updatedAt);
    expect(
      (await (await post(a, '/update', { arg: { conversationId: id, title: '   ' } })).json()).title,
    ).toBe('Untitled');

    expect((await post(null, '/update', { arg: { conversationId: id, title: 'x' } })).status).toBe(401);
    const bad = await post(a, '/update', { arg: { conversationId: id } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.field).toBe('arg.title');
    expect((await post(b, '/update', { arg: { conversationId: id, title: 'stolen' } })).status).toBe(404);
    expect((await get(a, `/convos/${id}`)).title).toBe('Untitled');
  });

  it('archives and unarchives; the archived list sorts, searches and pages by keyset', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const one = await makeConvo(a, { title: 'Banana bread' });
    const two = await makeConvo(a, { title: 'apple pie' });
    const three = await makeConvo(a, { title: '100%_done' });
    for (const c of [one, two, three]) {
      const res = await post(a, '/archive', { arg: { conversationId: c.id, isArchived: true } });
      expect(res.status).toBe(200);
      expect((await res.json()).isArchived).toBe(true);
    }
    expect(await list(a)).toEqual([]);
    expect((await post(b, '/archive', { arg: { conversationId: one.id, isArchived: false } })).status).toBe(
      404,
    );

    const byDate = await list(a, 'isArchived=true&sortBy=createdAt&sortDirection=desc');
    expect(byDate.map((c) => c.title)).toEqual(['100%_done', 'apple pie', 'Banana bread']);
    const byTitle = await list(a, 'isArchived=true&sortBy=title&sortDirection=asc&search=a');
    expect(byTitle.map((c) => c.title)).toEqual(['apple pie', 'Banana bread']);
    // LIKE wildcards in the search are literal.
    expect((await list(a, `isArchived=true&search=${encodeURIComponent('%_')}`)).map((c) => c.title)).toEqual(
      ['100%_done'],
    );
    const page1 = await get(a, '/convos?isArchived=true&sortBy=title&sortDirection=desc&limit=2');
    const page2 = await get(
      a,
      `/convos?isArchived=true&sortBy=title&sortDirection=desc&limit=2&cursor=${page1.nextCursor}`,
    );
    expect([...page1.conversations, ...page2.conversations].map((c: Conversation) => c.title)).toEqual([
      'Banana bread',
      'apple pie',
      '100%_done',
    ]);
    expect(page2.nextCursor).toBeNull();
    expect(await list(b, 'isArchived=true')).toEqual([]);

    await post(a, '/update', { arg: { conversationId: two.id, isArchived: false } });
    expect((await list(a)).map((c) => c.conversationId)).toEqual([two.id]);
  });

  it('deletes a conversation with its messages; bulk delete touches only the caller’s rows', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const mine = await makeConvo(a, { tree: TREE });
    const theirs = await makeConvo(b, { tree: TREE });

    expect((await post(b, '', { arg: { conversationId: mine.id } }, 'DELETE')).status).toBe(404);
    const res = await post(a, '', { arg: { conversationId: mine.id } }, 'DELETE');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      acknowledged: true,
      deletedCount: 1,
      messages: { deletedCount: 6 },
      conversationIds: [mine.id],
    });
    expect((await fetch(`${t.base}/api/messages/${mine.id}`, { headers: authed(a) })).status).toBe(404);

    const x = await makeConvo(a);
    const y = await makeConvo(a);
    const bulk = await (
      await post(a, '', { arg: { conversationIds: [x.id, y.id, theirs.id] } }, 'DELETE')
    ).json();
    expect(bulk.conversationIds.sort()).toEqual([x.id, y.id].sort());
    expect(await get(b, `/messages/${theirs.id}`)).toHaveLength(6);
  });

  it('clears all chats of the caller, archived ones included, and nobody else’s', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    await makeConvo(a, { tree: TREE });
    await makeConvo(a, { tree: TREE, isArchived: true });
    const theirs = await makeConvo(b, { tree: TREE });
    const res = await fetch(`${t.base}/api/convos/all`, { method: 'DELETE', headers: authed(a) });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ deletedCount: 2, messages: { deletedCount: 12 } });
    expect(await list(a)).toEqual([]);
    expect(await list(a, 'isArchived=true')).toEqual([]);
    expect((await list(b)).map((c) => c.conversationId)).toEqual([theirs.id]);
    expect(await get(b, `/messages/${theirs.id}`)).toHaveLength(6);
  });

  it('clears more chats than one transaction takes (db/dialects/bulk-delete.ts), to the last message', async () => {
    const a = await makeUser(t);
    const { db } = t.app.ctx;
    const many = conversationsPerDeleteTransaction(dialectOf(db)) * 2 + 3;
    const rows: MessageRow[] = [];
    for (let i = 0; i < many; i++) {
      const { id } = await makeConvo(a, { isArchived: i % 2 === 0 });
      rows.push(...Array.from({ length: 3 }, () => messageRow({ userId: a.userId, conversationId: id })));
    }
    await db.transaction().execute((trx) => messagesRepo(trx).insertMany(rows));
    const res = await fetch(`${t.base}/api/convos/all`, { method: 'DELETE', headers: authed(a) });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ deletedCount: many, messages: { deletedCount: rows.length } });
    expect(await list(a)).toEqual([]);
    const left = await db
      .selectFrom('messages')
      .select('message_id')
      .where('user_id', '=', a.userId)
      .execute();
    expect(left).toEqual([]);
  });

  /** Message names of a copy, as parent→child edges in the copy's own ids. */
  function shape(messages: Message[]) {
    const name = new Map(messages.map((m) => [m.messageId, m.text]));
    return messages
      .map((m) => `${name.get(m.parentMessageId) ?? '-'}>${m.text}`)
      .sort()
      .join(' ');
  }

  it('duplicates the whole tree with new ids and the same links; others get 404', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const src = await makeConvo(a, { title: 'Original', tree: TREE });
    const res = await post(a, '/duplicate', { conversationId: src.id });
    expect(res.status).toBe(201);
    const { conversation, messages } = await res.json();
    expect(conversation.conversationId).not.toBe(src.id);
    expect(conversation).toMatchObject({ title: 'Original', model: 'gpt-4o', isArchived: false });
    expect(shape(messages)).toBe('->a a>b a>b2 b>c b>c2 c>d');
    expect(messages.every((m: Message) => !Object.values(src.ids).includes(m.messageId))).toBe(true);
    expect(messages.every((m: Message) => m.conversationId === conversation.conversationId)).toBe(true);
    // Saved: the copy loads like any conversation, and opens at the top of the list.
    expect(shape(await get(a, `/messages/${conversation.conversationId}`))).toBe(shape(messages));
    expect((await list(a))[0].conversationId).toBe(conversation.conversationId);
    expect((await get(a, `/convos/${conversation.conversationId}`)).parameters).toEqual({ temperature: 0.3 });

    expect((await post(b, '/duplicate', { conversationId: src.id })).status).toBe(404);
    expect(await list(b)).toEqual([]);
  });

  it('forks by option, split at target, and checks ownership and the target', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const src = await makeConvo(a, { tree: TREE });
    const fork = async (body: Record<string, unknown>) => {
      const res = await post(a, '/fork', { conversationId: src.id, ...body });
      expect(res.status).toBe(201);
      return (await res.json()).messages;
    };
    expect(shape(await fork({ messageId: src.ids.c, option: 'directPath' }))).toBe('->a a>b b>c');
    expect(shape(await fork({ messageId: src.ids.c, option: 'includeBranches' }))).toBe(
      '->a a>b a>b2 b>c b>c2',
    );
    expect(shape(await fork({ messageId: src.ids.b, option: 'targetLevel' }))).toBe('->a a>b a>b2');
    expect(
      shape(
        await fork({
          messageId: src.ids.b,
          option: 'directPath',
          splitAtTarget: true,
          latestMessageId: src.ids.d,
        }),
      ),
    ).toBe('->b b>c c>d');

    const missing = await post(a, '/fork', { conversationId: src.id, messageId: randomUUID() });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('message_not_found');
    expect(
      (await post(a, '/fork', { conversationId: src.id, messageId: src.ids.a, option: 'nope' })).status,
    ).toBe(400);
    expect((await post(b, '/fork', { conversationId: src.id, messageId: src.ids.a })).status).toBe(404);
    // B's own conversation cannot be forked from A's message ids either.
    const theirs = await makeConvo(b, { tree: [['z', '-']] });
    expect((await post(b, '/fork', { conversationId: theirs.id, messageId: src.ids.a })).status).toBe(404);
  });

  it('writes a copy in one transaction: a failing message leaves no conversation and no messages', async () => {
    const a = await makeUser(t);
    const src = await makeConvo(a, { title: 'Big' });
    const source = await t.app.ctx.repos.conversations.get(a.userId, src.id);
    // More rows than one insert chunk, the last one invalid (text NOT NULL).
    const rows: MessageRow[] = [];
    let parent = NO_PARENT;
    for (let i = 0; i < 250; i++) {
      const id = randomUUID();
      rows.push(
        messageRow({
          userId: a.userId,
          conversationId: src.id,
          messageId: id,
          parentMessageId: parent,
          text: `m${i}`,
          createdAt: i,
        }),
      );
      parent = id;
    }
    (rows[249] as { text: string | null }).text = null;
    await expect(writeCopy(t.app.ctx.db, a.userId, source!, rows)).rejects.toThrow();
    const all = await list(a);
    expect(all.map((c) => c.conversationId)).toEqual([src.id]);
    const orphans = await t.app.ctx.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', a.userId)
      .executeTakeFirstOrThrow();
    expect(Number(orphans.n)).toBe(0);
  });

  it('a conversation deleted while its reply streams gets no orphan reply and no charge', async () => {
    const s = await makeUser(t);
    const res = await postChat(t, s, { text: 'Long one [[fake:tokens=60 tps=40]]' });
    const frames = await readFrames(res, (f) => 'created' in f.data);
    const created = frames.at(-1)!.data as { conversation: Conversation; responseMessage: Message };
    const id = created.conversation.conversationId;
    expect((await post(s, '', { arg: { conversationId: id } }, 'DELETE')).status).toBe(201);
    // Wait for the generation to end on the server.
    for (let i = 0; i < 100; i++) {
      const active = await get(s, '/chat/active');
      if (active.generations.length === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await t.app.ctx.repos.messages.get(s.userId, created.responseMessage.messageId)).toBeUndefined();
  });
});
