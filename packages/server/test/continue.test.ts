import type { Message, SseFrame } from '@parley/schema';
import { expect, it } from 'vitest';
import {
  authed,
  deltaText,
  describeApp,
  type FinalFrame as Final,
  finalFrame as final,
  postChat,
  readFrames,
  type Session,
  signUp,
} from './helpers.ts';

describeApp('continue a reply', (t) => {
  const list = async (s: Session, conversationId: string) => {
    const res = await fetch(`${t.base}/api/messages/${conversationId}`, { headers: authed(s) });
    return (await res.json()) as Message[];
  };

  const cutOff = async (s: Session) =>
    final(await readFrames(await postChat(t, s, { text: 'Go on [[fake:length]]' })));

  const continueBody = (f: Final) => ({
    text: f.requestMessage.text,
    messageId: f.requestMessage.messageId,
    parentMessageId: f.requestMessage.parentMessageId,
    responseMessageId: f.responseMessage.messageId,
    conversationId: f.conversation.conversationId,
    isContinued: true,
  });

  it('appends to the same reply, sending the reply so far as the last turn', async () => {
    const s = await signUp(t);
    const first = await cutOff(s);
    expect(first.responseMessage.finish_reason).toBe('length');
    const before = first.responseMessage.text;
    expect(before.length).toBeGreaterThan(0);

    const frames = await readFrames(await postChat(t, s, continueBody(first)));
    const created = frames.find((f) => 'created' in f.data)!.data as Extract<SseFrame, { created: true }>;
    expect(created.responseMessage.messageId).toBe(first.responseMessage.messageId);
    expect(created.responseMessage.text).toBe(before);
    const added = deltaText(frames);
    expect(added.length).toBeGreaterThan(0);
    const done = final(frames);
    expect(done.responseMessage.messageId).toBe(first.responseMessage.messageId);
    expect(done.responseMessage.text).toBe(before + added);
    expect(done.responseMessage.createdAt).toBe(first.responseMessage.createdAt);

    const sent = t.fake.journal.last('openai')?.request?.messages ?? [];
    expect(sent.at(-1)?.role).toBe('assistant');

    const messages = await list(s, first.conversation.conversationId);
    expect(messages).toHaveLength(2);
    expect(messages.find((m) => !m.isCreatedByUser)?.text).toBe(before + added);
  });

  it("refuses another user's reply and a reply of another message", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const first = await cutOff(a);
    const theirs = await postChat(t, b, continueBody(first));
    expect(theirs.status).toBe(404);

    const other = await cutOff(a);
    const mixed = await postChat(t, a, {
      ...continueBody(first),
      responseMessageId: other.responseMessage.messageId,
    });
    expect(mixed.status).toBe(404);
    const body = (await mixed.json()) as { error: { field?: string } };
    expect(body.error.field).toBe('responseMessageId');

    const messages = await list(a, first.conversation.conversationId);
    expect(messages.find((m) => !m.isCreatedByUser)?.text).toBe(first.responseMessage.text);
  });
});
