import { type MessageSearchResponse, searchTerms } from '@parley/schema';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { purgeExpiredChats } from '../src/retention/temporary-chats.ts';
import { makeConvo, makeMessage, makeUser, tick } from './factories.ts';
import {
  authed,
  describeApp,
  finalFrame as final,
  postChat,
  readFrames,
  type Session,
  signUp,
} from './helpers.ts';

describeApp('message search', { env: { TEMP_CHAT_RETENTION_HOURS: '2' } }, (t, dialect) => {
  const chat = async (s: Session, text: string, extra: Record<string, unknown> = {}) =>
    final(await readFrames(await postChat(t, s, { text, ...extra })));

  const search = async (s: Session, q: string, params: Record<string, string> = {}) => {
    const url = new URL(`${t.base}/api/messages`);
    url.searchParams.set('search', q);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const res = await fetch(url, { headers: authed(s) });
    expect(res.status).toBe(200);
    return (await res.json()) as MessageSearchResponse;
  };

  /** The user's own messages among the hits (the fake provider's replies echo the prompt). */
  const mine = (r: MessageSearchResponse) => r.messages.filter((m) => m.isCreatedByUser);

  const listIds = async (s: Session) => {
    const res = await fetch(`${t.base}/api/convos`, { headers: authed(s) });
    return ((await res.json()) as { conversations: { conversationId: string }[] }).conversations.map(
      (c) => c.conversationId,
    );
  };

  it('finds a message right after the chat that wrote it, user and reply alike', async () => {
    const s = await signUp(t);
    const f = await chat(s, 'Tell me about the xylophone orchestra');
    // Let the title (generated after the reply) land first, so the hit's title is settled.
    await fetch(`${t.base}/api/convos/gen_title/${f.conversation.conversationId}`, { headers: authed(s) });
    const hits = await search(s, 'xylophone');
    expect(hits.nextCursor).toBeNull();
    // The fake provider echoes the prompt: the reply, saved in its own transaction, is found too.
    expect(hits.messages.map((m) => m.messageId).sort()).toEqual(
      [f.requestMessage.messageId, f.responseMessage.messageId].sort(),
    );
    const hit = hits.messages.find((m) => m.isCreatedByUser)!;
    expect(hit).toMatchObject({
      messageId: f.requestMessage.messageId,
      conversationId: f.conversation.conversationId,
      text: 'Tell me about the xylophone orchestra',
      sender: 'User',
      isCreatedByUser: true,
      isArchived: false,
    });
    const convo = await (
      await fetch(`${t.base}/api/convos/${f.conversation.conversationId}`, { headers: authed(s) })
    ).json();
    expect(hit.title).toBe(convo.title);
    expect(typeof hit.createdAt).toBe('number');
    // Prefix matching, several words (all must match), any case.
    expect(mine(await search(s, 'XYLO orch'))).toHaveLength(1);
    expect(mine(await search(s, 'xylophone banana'))).toHaveLength(0);
    // Words only the reply has.
    const word = searchTerms(f.responseMessage.text).find(
      (w) => w.length > 4 && !f.requestMessage.text.toLowerCase().includes(w),
    )!;
    const replyHits = await search(s, word);
    expect(replyHits.messages.map((m) => m.messageId)).toContain(f.responseMessage.messageId);
  });

  it('saves and finds a message too large for a whole-text index (PostgreSQL caps a tsvector at 1 MB)', async () => {
    const s = await signUp(t);
    // ~1.6 MB of distinct words: over PostgreSQL's tsvector limit if the whole text were indexed.
    const words = Array.from({ length: 120_000 }, (_, i) => `w${i.toString(36)}x${(i * 7919).toString(36)}`);
    const f = await chat(s, `zanzibarite ${words.join(' ')} [[fake:tokens=3]]`);
    expect(f.requestMessage.messageId).toBeTruthy();
    expect(mine(await search(s, 'zanzibarite'))).toHaveLength(1);
  });

  it('treats query syntax as plain words', async () => {
    const s = await signUp(t);
    await chat(s, 'quoted "phrase" with stars* and NEAR(words)');
    for (const q of ['"phrase"', 'stars*', 'NEAR(words', "'; DROP TABLE messages; --", ':* & |']) {
      const res = await fetch(`${t.base}/api/messages?search=${encodeURIComponent(q)}`, {
        headers: authed(s),
      });
      expect(res.status, q).toBe(200);
    }
    expect(mine(await search(s, 'near(words)'))).toHaveLength(1);
    expect((await search(s, '!!!')).messages).toHaveLength(0);
  });

  it('finds a conversation by its title, and follows a rename', async () => {
    const s = await signUp(t);
    const f = await chat(s, 'first message here');
    const id = f.conversation.conversationId;
    expect((await search(s, 'quasar')).messages).toHaveLength(0);
    await t.app.ctx.repos.conversations.update(s.userId, id, { title: 'Quasar research notes' });
    const hits = await search(s, 'quasar notes');
    expect(hits.messages).toHaveLength(1);
    expect(hits.messages[0]).toMatchObject({
      conversationId: id,
      messageId: f.requestMessage.messageId,
      title: 'Quasar research notes',
      titleMatch: true,
    });
    await t.app.ctx.repos.conversations.update(s.userId, id, { title: 'Something else' });
    expect((await search(s, 'quasar')).messages).toHaveLength(0);
  });

  it('keeps a title hit on the first message as roots, texts and titles change', async () => {
    const s = await makeUser(t);
    const titleHits = async (q: string) =>
      (await search(s, q)).messages.filter((m) => m.titleMatch).map((m) => m.messageId);
    // An edited first message is a second root, written later: the title stays on the first.
    const { id, ids } = await makeConvo(t, {
      userId: s.userId,
      title: 'Nebula survey',
      tree: [
        ['first', '-'],
        ['reply', 'first'],
        ['edited', '-'],
      ],
    });
    expect(await titleHits('nebula')).toEqual([ids.first]);
    // Words of the title and of the text do not mix: each must hold every word.
    expect((await search(s, 'nebula reply')).messages).toHaveLength(0);
    // A root written with an earlier time (an import, say) becomes the first message.
    const earlier = await makeMessage(t, {
      userId: s.userId,
      conversationId: id,
      text: 'older root',
      createdAt: 1_000,
    });
    expect(await titleHits('nebula')).toEqual([earlier.message_id]);
    // An edit of the first message's text keeps its title and changes what its text finds.
    await t.app.ctx.repos.messages.updateText(s.userId, id, earlier.message_id, {
      text: 'rewritten words',
      content: null,
      token_count: null,
      updated_at: tick(),
    });
    expect(await titleHits('nebula')).toEqual([earlier.message_id]);
    expect((await search(s, 'rewritten')).messages.map((m) => m.messageId)).toEqual([earlier.message_id]);
    expect((await search(s, 'older')).messages).toHaveLength(0);
    // A rename moves every title hit.
    await t.app.ctx.repos.conversations.update(s.userId, id, { title: 'Comet log' });
    expect(await titleHits('nebula')).toEqual([]);
    expect(await titleHits('comet')).toEqual([earlier.message_id]);
    // Deleting the conversation's messages leaves nothing to find.
    await t.app.ctx.repos.messages.deleteByConversations(s.userId, [id]);
    expect((await search(s, 'comet')).messages).toHaveLength(0);
    expect((await search(s, 'reply')).messages).toHaveLength(0);
  });

  it('pages newest first with a keyset cursor', async () => {
    const s = await signUp(t);
    const sent: string[] = [];
    let convo: string | null = null;
    let parent: string | undefined;
    for (let i = 0; i < 5; i++) {
      const f = await chat(s, `zeppelin number ${i}`, {
        ...(convo ? { conversationId: convo, parentMessageId: parent } : {}),
      });
      convo = f.conversation.conversationId;
      parent = f.responseMessage.messageId;
      sent.push(f.requestMessage.messageId);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    const order: (readonly [number, string])[] = [];
    do {
      const page = await search(s, 'zeppelin', { pageSize: '3', ...(cursor ? { cursor } : {}) });
      expect(page.messages.length).toBeLessThanOrEqual(3);
      seen.push(...page.messages.map((m) => m.messageId));
      order.push(...page.messages.map((m) => [m.createdAt, m.messageId] as const));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    // 5 prompts + 5 echoing replies, 3 a page.
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(10);
    expect(sent.every((id) => seen.includes(id))).toBe(true);
    // Newest first; hits written in the same millisecond keep an order of the index's own (SQLite:
    // the later written first; PostgreSQL: by id), the same on every page.
    expect(order.map((o) => o[0])).toEqual(order.map((o) => o[0]).sort((x, y) => y - x));
    const prompts = seen.filter((id) => sent.includes(id));
    expect(prompts).toEqual([...sent].reverse());
  });

  it("never shows another user's messages", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await chat(a, 'the secret word is marmalade');
    expect(mine(await search(a, 'marmalade'))).toHaveLength(1);
    expect((await search(b, 'marmalade')).messages).toHaveLength(0);
    const anon = await fetch(`${t.base}/api/messages?search=marmalade`);
    expect(anon.status).toBe(401);
  });

  it('rejects a missing or too long query naming the field', async () => {
    const s = await signUp(t);
    const res = await fetch(`${t.base}/api/messages`, { headers: authed(s) });
    expect(res.status).toBe(400);
    expect((await res.json()).error.field).toBe('search');
    const long = await fetch(`${t.base}/api/messages?search=${'a'.repeat(201)}`, { headers: authed(s) });
    expect(long.status).toBe(400);
  });

  it('keeps archived chats searchable', async () => {
    const s = await signUp(t);
    const f = await chat(s, 'archived walrus');
    await t.app.ctx.repos.conversations.update(s.userId, f.conversation.conversationId, { is_archived: 1 });
    const hits = mine(await search(s, 'walrus'));
    expect(hits).toHaveLength(1);
    expect(hits[0].isArchived).toBe(true);
  });

  it('keeps temporary chats out of the list and search, and purges them when they expire', async () => {
    const s = await signUp(t);
    const before = Date.now();
    const temp = await chat(s, 'temporary platypus', { isTemporary: true });
    const kept = await chat(s, 'permanent platypus');
    const tempId = temp.conversation.conversationId;
    // Expires after TEMP_CHAT_RETENTION_HOURS (2 h here).
    const expiredAt = temp.conversation.expiredAt!;
    expect(expiredAt).toBeGreaterThanOrEqual(before + 2 * 3_600_000);
    expect(expiredAt).toBeLessThanOrEqual(Date.now() + 2 * 3_600_000);
    expect(kept.conversation.expiredAt).toBeNull();

    expect(await listIds(s)).toEqual([kept.conversation.conversationId]);
    const hits = await search(s, 'platypus');
    expect(new Set(hits.messages.map((m) => m.conversationId))).toEqual(
      new Set([kept.conversation.conversationId]),
    );
    // Still readable by its owner until it expires (the open chat keeps working).
    expect((await fetch(`${t.base}/api/convos/${tempId}`, { headers: authed(s) })).status).toBe(200);

    // Not yet expired: the job leaves it alone.
    await purgeExpiredChats(t.app.ctx.db, expiredAt - 1);
    expect((await fetch(`${t.base}/api/convos/${tempId}`, { headers: authed(s) })).status).toBe(200);

    await purgeExpiredChats(t.app.ctx.db, expiredAt);
    expect((await fetch(`${t.base}/api/convos/${tempId}`, { headers: authed(s) })).status).toBe(404);
    const left = await t.app.ctx.db
      .selectFrom('messages')
      .select('message_id')
      .where('conversation_id', '=', tempId)
      .execute();
    expect(left).toEqual([]);
    // The permanent chat is untouched.
    expect(mine(await search(s, 'permanent'))).toHaveLength(1);
    expect(await listIds(s)).toEqual([kept.conversation.conversationId]);
  });

  it('reports search as enabled', async () => {
    const s = await signUp(t);
    const config = await (await fetch(`${t.base}/api/config`)).json();
    expect(config.searchEnabled).toBe(true);
    expect(config.interface.temporaryChatRetention).toBe(2);
    const enable = await fetch(`${t.base}/api/search/enable`, { headers: authed(s) });
    expect(await enable.json()).toBe(true);
  });

  it.runIf(dialect === 'sqlite')('keeps the FTS index in step with deletes', async () => {
    const s = await signUp(t);
    const f = await chat(s, 'ephemeral kumquat');
    const db = t.app.ctx.db;
    const count = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH 'kumquat'`.execute(db)
        ).rows[0].n,
      );
    expect(await count()).toBe(2); // the prompt and its echo
    await db.deleteFrom('messages').where('message_id', '=', f.requestMessage.messageId).execute();
    expect(await count()).toBe(1);
    const keys =
      await sql`SELECT 1 FROM message_search_keys WHERE message_id = ${f.requestMessage.messageId}`.execute(
        db,
      );
    expect(keys.rows).toEqual([]);
  });
});
