import { type Message, type MessageSearchResponse, NO_PARENT } from '@parley/schema';
import { expect, it } from 'vitest';
import {
  authed,
  describeApp,
  finalFrame as final,
  postChat,
  readFrames,
  type Session,
  signUp,
} from './helpers.ts';

describeApp('message edit', (t) => {
  const chat = async (s: Session, text: string, extra: Record<string, unknown> = {}) =>
    final(await readFrames(await postChat(t, s, { text, ...extra })));

  const put = (s: Session, conversationId: string, messageId: string, body: unknown) =>
    fetch(`${t.base}/api/messages/${conversationId}/${messageId}`, {
      method: 'PUT',
      headers: authed(s),
      body: JSON.stringify(body),
    });

  const search = async (s: Session, q: string) => {
    const res = await fetch(`${t.base}/api/messages?search=${encodeURIComponent(q)}`, { headers: authed(s) });
    return ((await res.json()) as MessageSearchResponse).messages;
  };

  const list = async (s: Session, conversationId: string) => {
    const res = await fetch(`${t.base}/api/messages/${conversationId}`, { headers: authed(s) });
    return (await res.json()) as Message[];
  };

  it('updates a user message in place and the search index follows', async () => {
    const s = await signUp(t);
    // The second turn is edited: the title (which search also matches) comes from the first.
    const first = await chat(s, 'Hello there');
    const convo = first.conversation.conversationId;
    const f = await chat(s, 'Tell me about the marmalade quokka', {
      conversationId: convo,
      parentMessageId: first.responseMessage.messageId,
    });
    const id = f.requestMessage.messageId;
    const res = await put(s, convo, id, { text: 'Tell me about the zeppelin walrus' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Message;
    expect(body.messageId).toBe(id);
    expect(body.text).toBe('Tell me about the zeppelin walrus');
    expect(body.isCreatedByUser).toBe(true);
    expect(body.parentMessageId).toBe(first.responseMessage.messageId);
    expect(body.updatedAt).toBeGreaterThanOrEqual(f.requestMessage.updatedAt);

    const messages = await list(s, convo);
    expect(messages).toHaveLength(4);
    expect(messages.find((m) => m.messageId === id)?.text).toBe('Tell me about the zeppelin walrus');

    expect((await search(s, 'zeppelin')).map((m) => m.messageId)).toEqual([id]);
    // The reply still echoes the old prompt; the edited message no longer matches it.
    const old = (await search(s, 'marmalade')).map((m) => m.messageId);
    expect(old).not.toContain(id);
    expect(old).toContain(f.responseMessage.messageId);
  });

  it('edits a reply: text parts replaced, think parts kept, no new message', async () => {
    const s = await signUp(t);
    const f = await chat(s, 'Think first [[fake:think]]', {
      endpoint: 'anthropic',
      model: 'claude-sonnet-4-5',
      thinking: true,
    });
    const convo = f.conversation.conversationId;
    const thinkBefore = (f.responseMessage.content ?? []).filter((p) => p.type === 'think');
    expect(thinkBefore.length).toBeGreaterThan(0);
    const res = await put(s, convo, f.responseMessage.messageId, { text: 'A hand-written answer' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Message;
    expect(body.text).toBe('A hand-written answer');
    expect(body.isCreatedByUser).toBe(false);
    const texts = (body.content ?? []).filter((p) => p.type === 'text');
    expect(texts).toEqual([{ type: 'text', text: 'A hand-written answer' }]);
    expect((body.content ?? []).filter((p) => p.type === 'think')).toEqual(thinkBefore);
    expect(body.content?.[0].type).toBe('think');
    expect(await list(s, convo)).toHaveLength(2);
  });

  it('edits one content part by index', async () => {
    const s = await signUp(t);
    const f = await chat(s, 'index me');
    const convo = f.conversation.conversationId;
    const parts = f.responseMessage.content ?? [];
    const index = parts.findIndex((p) => p.type === 'text');
    expect(index).toBeGreaterThanOrEqual(0);
    const res = await put(s, convo, f.responseMessage.messageId, {
      text: 'part edited',
      index,
      model: 'gpt-4o',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Message;
    expect(body.content?.[index]).toEqual({ type: 'text', text: 'part edited' });
    expect(body.text).toBe('part edited');

    const bad = await put(s, convo, f.responseMessage.messageId, { text: 'x', index: 99 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { field?: string } }).error.field).toBe('index');
  });

  it('requires text', async () => {
    const s = await signUp(t);
    const f = await chat(s, 'keep me');
    const res = await put(s, f.conversation.conversationId, f.requestMessage.messageId, { text: '  ' });
    expect(res.status).toBe(400);
    const err = (await res.json()) as { error: { code: string; message: string; field?: string } };
    expect(err.error.code).toBe('validation');
    expect(err.error.message).toContain('The text is required.');
    expect((await list(s, f.conversation.conversationId))[0].text).toBe('keep me');
  });

  it("never edits another user's message, nor one named under another conversation", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const f = await chat(a, 'private words');
    const convo = f.conversation.conversationId;
    const res = await put(b, convo, f.requestMessage.messageId, { text: 'hijacked' });
    expect(res.status).toBe(404);
    const g = await chat(a, 'another chat');
    const wrong = await put(a, g.conversation.conversationId, f.requestMessage.messageId, { text: 'moved' });
    expect(wrong.status).toBe(404);
    const unauth = await fetch(`${t.base}/api/messages/${convo}/${f.requestMessage.messageId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'anon' }),
    });
    expect(unauth.status).toBe(401);
    const messages = await list(a, convo);
    expect(messages.find((m) => m.messageId === f.requestMessage.messageId)?.text).toBe('private words');
    expect(await search(b, 'hijacked')).toEqual([]);
  });

  it('Save & Submit: a new user message under the same parent makes a branch', async () => {
    const s = await signUp(t);
    const first = await chat(s, 'first question');
    const convo = first.conversation.conversationId;
    const edited = await chat(s, 'first question, rephrased', {
      conversationId: convo,
      parentMessageId: NO_PARENT,
    });
    expect(edited.requestMessage.parentMessageId).toBe(NO_PARENT);
    const messages = await list(s, convo);
    const roots = messages.filter((m) => m.parentMessageId === NO_PARENT);
    expect(roots.map((m) => m.text).sort()).toEqual(['first question', 'first question, rephrased']);
    expect(messages).toHaveLength(4);
  });
});
