import { NO_PARENT, type SseFrame } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  dialects,
  type Frame,
  postChat,
  readFrames,
  type Session,
  signUp,
  startTestApp,
  type TestApp,
} from './helpers.ts';

type Of<K extends string> = Extract<SseFrame, Record<K, unknown>>;
const created = (f: Frame[]) => f.find((x) => 'created' in x.data)?.data as Of<'created'> | undefined;
const final = (f: Frame[]) => f.find((x) => 'final' in x.data)?.data as Of<'final'> | undefined;

const YAML = `endpoints:
  custom:
    - { name: Compat, apiKey: c, baseURL: "{{FAKE}}/compatible/v1", models: { default: [local-model] } }
modelSpecs:
  list:
    - name: quick
      label: Quick
      preset: { endpoint: openAI, model: gpt-4o-mini, temperature: 0.9, frequency_penalty: 0.4 }
`;

describe.each(dialects)('switching models mid-conversation (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // No titles: one landing mid-test would make the before/after comparisons flaky.
    t = await startTestApp(dialect, { yaml: YAML, env: { TITLE_CONVO: 'false' } });
  });
  afterAll(async () => t?.close());

  const getConvo = async (s: Session, id: string) =>
    (await fetch(`${t.base}/api/convos/${id}`, { headers: authed(s) })).json();

  it('a send records the endpoint, model, parameters and spec it used on the conversation', async () => {
    const s = await signUp(t);
    const first = final(
      await readFrames(
        await postChat(t, s, {
          text: 'first',
          endpoint: 'anthropic',
          model: 'claude-sonnet-4-5',
          temperature: 0.2,
        }),
      ),
    )!;
    const id = first.conversation.conversationId;
    expect(first.conversation).toMatchObject({
      endpoint: 'anthropic',
      model: 'claude-sonnet-4-5',
      spec: null,
      parameters: { temperature: 0.2 },
    });

    // A spec's preset decides the run; the conversation follows it from the `created` frame on.
    const frames = await readFrames(
      await postChat(t, s, {
        text: 'second',
        spec: 'quick',
        endpoint: 'anthropic',
        model: 'claude-sonnet-4-5',
        conversationId: id,
        parentMessageId: first.responseMessage.messageId,
      }),
    );
    const switched = {
      conversationId: id,
      endpoint: 'openAI',
      endpointType: null,
      model: 'gpt-4o-mini',
      spec: 'quick',
      parameters: { temperature: 0.9, frequency_penalty: 0.4 },
    };
    expect(created(frames)?.conversation).toMatchObject(switched);
    const second = final(frames)!;
    expect(second.conversation).toMatchObject(switched);
    expect(await getConvo(s, id)).toMatchObject(switched);
    const list = await (await fetch(`${t.base}/api/convos`, { headers: authed(s) })).json();
    expect(list.conversations[0]).toMatchObject({ conversationId: id, spec: 'quick', model: 'gpt-4o-mini' });

    // Regenerating with another endpoint counts as a send too; no spec clears the old one.
    const regen = final(
      await readFrames(
        await postChat(t, s, {
          text: 'second',
          isRegenerate: true,
          messageId: second.requestMessage.messageId,
          parentMessageId: NO_PARENT,
          conversationId: id,
          endpoint: 'Compat',
          model: 'local-model',
          presence_penalty: -0.5,
        }),
      ),
    )!;
    const regenerated = {
      endpoint: 'Compat',
      endpointType: 'custom',
      model: 'local-model',
      spec: null,
      parameters: { presence_penalty: -0.5 },
    };
    expect(regen.conversation).toMatchObject(regenerated);
    expect(await getConvo(s, id)).toMatchObject(regenerated);
  });

  it('a refused send leaves the conversation as it was', async () => {
    const s = await signUp(t);
    const first = final(await readFrames(await postChat(t, s, { text: 'first', temperature: 0.5 })))!;
    const id = first.conversation.conversationId;
    const before = await getConvo(s, id);
    const res = await postChat(t, s, {
      text: 'bad parent',
      endpoint: 'google',
      model: 'gemini-2.0-flash',
      conversationId: id,
      parentMessageId: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.status).toBe(404);
    expect(await getConvo(s, id)).toEqual(before);
  });

  it("another user cannot change a conversation's settings", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const first = final(
      await readFrames(await postChat(t, a, { text: 'mine', spec: 'quick', model: 'gpt-4o' })),
    )!;
    const id = first.conversation.conversationId;
    const before = await getConvo(a, id);
    expect(before).toMatchObject({ model: 'gpt-4o-mini', spec: 'quick' });

    const send = await postChat(t, b, {
      text: 'switch it',
      endpoint: 'anthropic',
      model: 'claude-sonnet-4-5',
      temperature: 1,
      conversationId: id,
      parentMessageId: first.responseMessage.messageId,
    });
    expect(send.status).toBe(404);
    expect((await send.json()).error.code).toBe('conversation_not_found');
    const regen = await postChat(t, b, {
      text: 'mine',
      isRegenerate: true,
      messageId: first.requestMessage.messageId,
      parentMessageId: NO_PARENT,
      conversationId: id,
      endpoint: 'Compat',
      model: 'local-model',
    });
    expect(regen.status).toBe(404);
    expect((await regen.json()).error.code).toBe('conversation_not_found');

    expect(await getConvo(a, id)).toEqual(before);
    const listB = await (await fetch(`${t.base}/api/convos`, { headers: authed(b) })).json();
    expect(listB.conversations).toEqual([]);
  });
});
