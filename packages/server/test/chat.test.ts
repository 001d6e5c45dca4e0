import { randomUUID } from 'node:crypto';
import type { DialectName } from '@parley/fake-provider';
import { NO_PARENT, type SseFrame } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  deltaText,
  dialects,
  type Frame,
  postChat,
  readFrames,
  signUp,
  startTestApp,
  type TestApp,
} from './helpers.ts';

type Of<K extends string> = Extract<SseFrame, Record<K, unknown>>;
const created = (f: Frame[]) => f.find((x) => 'created' in x.data)!.data as Of<'created'>;
const final = (f: Frame[]) => f.find((x) => 'final' in x.data)?.data as Of<'final'> | undefined;
const errorFrame = (f: Frame[]) => f.find((x) => 'error' in x.data)?.data as Of<'error'> | undefined;

describe.each(dialects)('chat (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      yaml: `version: 1.2.1
endpoints:
  custom:
    - name: Ollama
      apiKey: "\${OLLAMA_TEST_KEY}"
      baseURL: "{{FAKE}}/ollama/v1"
      models:
        default: ["llama3.2", "qwen3"]
      titleConvo: true
      modelDisplayLabel: "Local Llama"
`,
      env: { OLLAMA_TEST_KEY: 'ollama-key' },
    });
  });
  afterAll(async () => t?.close());

  it('streams created → deltas → final and persists the tree', async () => {
    const s = await signUp(t);
    const messageId = randomUUID();
    const res = await postChat(t, s, { text: 'Hello there', messageId });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const frames = await readFrames(res);

    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i + 1));
    const c = created(frames);
    expect(c.message.messageId).toBe(messageId);
    expect(c.message.parentMessageId).toBe(NO_PARENT);
    const f = final(frames)!;
    expect(f).toBeTruthy();
    const text = deltaText(frames);
    expect(text.length).toBeGreaterThan(0);
    expect(f.responseMessage.text).toBe(text);
    expect(f.responseMessage.parentMessageId).toBe(messageId);
    // Deltas, never the accumulated text: the wire carries about the text once.
    const deltaBytes = frames
      .filter((x) => 'event' in x.data)
      .reduce((n, x) => n + JSON.stringify(x.data).length, 0);
    expect(deltaBytes).toBeLessThan(text.length + 200 * frames.length);

    const convoId = f.conversation.conversationId;
    const msgs = await (await fetch(`${t.base}/api/messages/${convoId}`, { headers: authed(s) })).json();
    expect(msgs.map((m: { messageId: string }) => m.messageId).sort()).toEqual(
      [messageId, f.responseMessage.messageId].sort(),
    );
    const list = await (await fetch(`${t.base}/api/convos`, { headers: authed(s) })).json();
    expect(list.conversations[0].conversationId).toBe(convoId);
    expect(JSON.stringify(list)).not.toContain(text.slice(0, 20)); // list never carries bodies
  });

  it('sends the multi-turn history to the provider', async () => {
    const s = await signUp(t);
    const first = await readFrames(await postChat(t, s, { text: 'My name is Zed.' }));
    const f1 = final(first)!;
    await readFrames(
      await postChat(t, s, {
        text: 'What is my name?',
        conversationId: f1.conversation.conversationId,
        parentMessageId: f1.responseMessage.messageId,
      }),
    );
    const req = t.fake.journal.last('openai-chat');
    const body = req?.body as { messages: { role: string; content: unknown }[] };
    const roles = body.messages.map((m) => m.role);
    expect(roles).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(body.messages[0].content)).toContain('My name is Zed.');
  });

  it('regenerate creates a sibling reply under the same user message', async () => {
    const s = await signUp(t);
    const f1 = final(await readFrames(await postChat(t, s, { text: 'Tell me a fact' })))!;
    const regen = await readFrames(
      await postChat(t, s, {
        text: 'Tell me a fact',
        isRegenerate: true,
        messageId: f1.requestMessage.messageId,
        parentMessageId: NO_PARENT,
        conversationId: f1.conversation.conversationId,
      }),
    );
    const f2 = final(regen)!;
    expect(f2.responseMessage.messageId).not.toBe(f1.responseMessage.messageId);
    expect(f2.responseMessage.parentMessageId).toBe(f1.requestMessage.messageId);
    const msgs = await (
      await fetch(`${t.base}/api/messages/${f1.conversation.conversationId}`, { headers: authed(s) })
    ).json();
    expect(
      msgs.filter((m: { parentMessageId: string }) => m.parentMessageId === f1.requestMessage.messageId),
    ).toHaveLength(2);
  });

  it('abort stops the upstream request at once and saves the partial reply as unfinished', async () => {
    const s = await signUp(t);
    const res = await postChat(t, s, { text: 'Write a lot [[fake:tokens=2000 tps=40]]' });
    const early = await readFrames(res, (f) => 'event' in f.data && deltaText([f]).length > 0);
    const c = created(early);
    const started = Date.now();
    const abort = await fetch(`${t.base}/api/chat/abort`, {
      method: 'POST',
      headers: authed(s),
      body: JSON.stringify({
        abortKey: `${c.conversation.conversationId}:${c.message.messageId}`,
        endpoint: 'openAI',
      }),
    });
    expect(abort.status).toBe(200);
    const payload = await abort.json();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(payload.final).toBe(true);
    expect(payload.responseMessage.unfinished).toBe(true);
    expect(payload.responseMessage.text.length).toBeGreaterThan(0);
    const entry = await t.fake.journal.waitFor((e) => e.aborted === true, 2000);
    expect(entry.aborted).toBe(true);
    const msgs = await (
      await fetch(`${t.base}/api/messages/${c.conversation.conversationId}`, { headers: authed(s) })
    ).json();
    const saved = msgs.find((m: { messageId: string }) => m.messageId === payload.responseMessage.messageId);
    expect(saved.unfinished).toBe(true);
    expect(saved.text).toBe(payload.responseMessage.text);
  });

  it('resumes a running generation from Last-Event-ID with no token duplicated or lost', async () => {
    const s = await signUp(t);
    const res = await postChat(t, s, { text: 'Stream slowly [[fake:tokens=60 tps=200]]' });
    const head = await readFrames(res, (f) => f.seq >= 3);
    const active = await (await fetch(`${t.base}/api/chat/active`, { headers: authed(s) })).json();
    const c = created(head);
    expect(active.generations.map((g: { streamId: string }) => g.streamId)).toContain(c.streamId);
    const last = head[head.length - 1].seq;
    const tail = await readFrames(
      await fetch(`${t.base}/api/chat/stream/${c.streamId}`, {
        headers: authed(s, { 'last-event-id': String(last) }),
      }),
    );
    expect(tail[0].seq).toBe(last + 1);
    const all = [...head, ...tail];
    const f = final(all)!;
    expect(deltaText(all)).toBe(f.responseMessage.text);

    // A full replay from the start gives the same text too.
    const replay = await readFrames(
      await fetch(`${t.base}/api/chat/stream/${c.streamId}`, { headers: authed(s) }),
    );
    expect(deltaText(replay)).toBe(f.responseMessage.text);
  });

  it('a rename made while the title is being generated is kept', async () => {
    const s = await signUp(t);
    // The title request (it quotes the user's text and ends in "Title:") answers after 800 ms.
    t.fake.enqueue(
      { match: { lastUserText: /Plan a rename race[\s\S]*Title:\s*$/ } },
      { steps: [{ type: 'text', text: 'Generated name' }], timing: { headersMs: 800 } },
    );
    const f = final(await readFrames(await postChat(t, s, { text: 'Plan a rename race' })))!;
    const convoId = f.conversation.conversationId!;
    const rename = await fetch(`${t.base}/api/convos/update`, {
      method: 'POST',
      headers: { ...authed(s), 'content-type': 'application/json' },
      body: JSON.stringify({ arg: { conversationId: convoId, title: 'My own name' } }),
    });
    expect(rename.ok).toBe(true);
    const res = await fetch(`${t.base}/api/convos/gen_title/${convoId}`, { headers: authed(s) });
    expect(await res.json()).toEqual({ title: 'My own name' });
    const convo = await (await fetch(`${t.base}/api/convos/${convoId}`, { headers: authed(s) })).json();
    expect(convo.title).toBe('My own name');
  });

  it('after a rename, gen_title answers with the new name, not the generated one', async () => {
    const s = await signUp(t);
    const f = final(await readFrames(await postChat(t, s, { text: 'Plan a picnic' })))!;
    const convoId = f.conversation.conversationId!;
    const genTitle = async () =>
      (await fetch(`${t.base}/api/convos/gen_title/${convoId}`, { headers: authed(s) })).json();
    const generated = (await genTitle()).title;
    expect(generated).not.toBe('Renamed later');
    const rename = await fetch(`${t.base}/api/convos/update`, {
      method: 'POST',
      headers: { ...authed(s), 'content-type': 'application/json' },
      body: JSON.stringify({ arg: { conversationId: convoId, title: 'Renamed later' } }),
    });
    expect(rename.ok).toBe(true);
    expect(await genTitle()).toEqual({ title: 'Renamed later' });
  });

  it('generates a title for a new conversation', async () => {
    const s = await signUp(t);
    const f = final(await readFrames(await postChat(t, s, { text: 'Plan a trip to Lisbon' })))!;
    const res = await fetch(`${t.base}/api/convos/gen_title/${f.conversation.conversationId}`, {
      headers: authed(s),
    });
    expect(res.status).toBe(200);
    const { title } = await res.json();
    expect(title.length).toBeGreaterThan(0);
    expect(title.length).toBeLessThanOrEqual(100);
    const convo = await (
      await fetch(`${t.base}/api/convos/${f.conversation.conversationId}`, { headers: authed(s) })
    ).json();
    expect(convo.title).toBe(title);
  });

  it('maps provider errors to the spec error types, never a stack trace', async () => {
    const s = await signUp(t);
    const cases: [string, string][] = [
      ['[[fake:error-401]]', 'invalid_api_key'],
      ['[[fake:error-429]]', 'rate_limit'],
      ['[[fake:error-context]]', 'input_length'],
      ['[[fake:midstream-error]]', 'provider_error'],
    ];
    for (const [directive, type] of cases) {
      const frames = await readFrames(await postChat(t, s, { text: `hi ${directive}` }));
      const e = errorFrame(frames);
      expect(e, directive).toBeTruthy();
      expect(JSON.parse(e!.message).type, directive).toBe(type);
      // The same error, typed, for clients that render the value.
      expect(e!.chatError, directive).toEqual(JSON.parse(e!.message));
      expect(e!.message).not.toMatch(/\n\s+at /);
      expect(e!.responseMessage?.error).toBe(true);
    }
  });

  it('a reply that fails mid-stream keeps its partial text before the error', async () => {
    const s = await signUp(t);
    const frames = await readFrames(await postChat(t, s, { text: 'hi [[fake:midstream-error]]' }));
    const e = errorFrame(frames)!;
    const parts = e.responseMessage?.content ?? [];
    expect(parts.at(-1)?.type).toBe('error');
    const partial = parts.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text);
    expect(partial.join('').length).toBeGreaterThan(0);
    // Saved the same way: reloading the conversation shows the partial text and the error.
    const saved = await (
      await fetch(`${t.base}/api/messages/${e.conversation!.conversationId}`, { headers: authed(s) })
    ).json();
    const reply = saved.find((m: { messageId: string }) => m.messageId === e.responseMessage!.messageId);
    expect(reply.error).toBe(true);
    expect(reply.content.map((p: { type: string }) => p.type)).toEqual([...parts.map((p) => p.type)]);
  });

  it('streams Anthropic thinking as think parts', async () => {
    const s = await signUp(t);
    const frames = await readFrames(
      await postChat(t, s, {
        text: 'Think first [[fake:think]]',
        endpoint: 'anthropic',
        model: 'claude-sonnet-4-5',
        thinking: true,
      }),
    );
    expect(frames.some((f) => 'event' in f.data && f.data.event === 'on_reasoning_delta')).toBe(true);
    const f = final(frames)!;
    expect(f.responseMessage.content?.[0].type).toBe('think');
    expect(f.responseMessage.content?.some((p) => p.type === 'text')).toBe(true);
    const req = t.fake.journal.last('anthropic')?.body as { thinking?: { type: string } };
    expect(req.thinking?.type).toBe('enabled');
  });

  it.each<[string, string, DialectName]>([
    ['google', 'gemini-2.5-flash', 'gemini'],
    ['openAI', 'gpt-4o', 'openai-responses'],
    ['Ollama', 'llama3.2', 'ollama'],
  ])('replies through %s', async (endpoint, model, dialectName) => {
    const s = await signUp(t);
    const frames = await readFrames(
      await postChat(t, s, {
        text: 'Hello provider',
        endpoint,
        model,
        useResponsesApi: dialectName === 'openai-responses',
      }),
    );
    const f = final(frames)!;
    expect(f, JSON.stringify(errorFrame(frames))).toBeTruthy();
    expect(f.responseMessage.text.length).toBeGreaterThan(0);
    expect(t.fake.journal.last(dialectName)).toBeTruthy();
  });

  it('lists configured endpoints and models; rejects unknown ones', async () => {
    const s = await signUp(t);
    const endpoints = await (await fetch(`${t.base}/api/endpoints`, { headers: authed(s) })).json();
    // The agents endpoint comes last, for users with agents USE (issue 15).
    expect(Object.keys(endpoints)).toEqual(['openAI', 'anthropic', 'google', 'Ollama', 'agents']);
    expect(endpoints.Ollama).toMatchObject({ type: 'custom', modelDisplayLabel: 'Local Llama' });
    const models = await (await fetch(`${t.base}/api/models`, { headers: authed(s) })).json();
    expect(models.openAI).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(models.Ollama).toEqual(['llama3.2', 'qwen3']);
    const bad = await postChat(t, s, { text: 'x', endpoint: 'nope' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.field).toBe('endpoint');
    const lower = await readFrames(
      await postChat(t, s, { text: 'case', endpoint: 'ollama', model: 'llama3.2' }),
    );
    expect(final(lower)).toBeTruthy();
  });

  it('keeps each user to their own conversations (A/B isolation)', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const res = await postChat(t, a, { text: 'Secret plan [[fake:tokens=200 tps=100]]' });
    const head = await readFrames(res, (f) => f.seq >= 2);
    const c = created(head);
    const convoId = c.conversation.conversationId;

    expect((await fetch(`${t.base}/api/chat/stream/${c.streamId}`, { headers: authed(b) })).status).toBe(404);
    expect(
      (await (await fetch(`${t.base}/api/chat/active`, { headers: authed(b) })).json()).generations,
    ).toEqual([]);
    const abort = await fetch(`${t.base}/api/chat/abort`, {
      method: 'POST',
      headers: authed(b),
      body: JSON.stringify({ abortKey: `${convoId}:${c.message.messageId}` }),
    });
    expect(abort.status).toBe(404);
    // A's reply is unaffected by B's attempts.
    const tail = await readFrames(
      await fetch(`${t.base}/api/chat/stream/${c.streamId}`, { headers: authed(a) }),
    );
    expect(final(tail)).toBeTruthy();

    expect((await fetch(`${t.base}/api/convos/${convoId}`, { headers: authed(b) })).status).toBe(404);
    expect((await fetch(`${t.base}/api/messages/${convoId}`, { headers: authed(b) })).status).toBe(404);
    const title = await fetch(`${t.base}/api/convos/gen_title/${convoId}`, { headers: authed(b) });
    expect(title.status).toBe(404);
    expect((await title.json()).error).toEqual({ code: 'title_not_found', message: 'Title not found.' });
    const list = await (await fetch(`${t.base}/api/convos`, { headers: authed(b) })).json();
    expect(list.conversations).toEqual([]);
    const hijack = await postChat(t, b, {
      text: 'mine now',
      conversationId: convoId,
      parentMessageId: c.message.messageId,
    });
    expect(hijack.status).toBe(404);
  });

  it('lets only one reply run per conversation, even when sends race', async () => {
    const s = await signUp(t);
    const f1 = final(await readFrames(await postChat(t, s, { text: 'first' })))!;
    const send = () =>
      postChat(t, s, {
        text: 'again [[fake:tokens=50 tps=100]]',
        conversationId: f1.conversation.conversationId,
        parentMessageId: f1.responseMessage.messageId,
      });
    const responses = await Promise.all([send(), send(), send(), send()]);
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    await Promise.all(responses.map((r) => (r.status === 200 ? readFrames(r) : r.text())));
  });

  it('marks a reply cut off upstream as unfinished', async () => {
    const s = await signUp(t);
    const f = final(await readFrames(await postChat(t, s, { text: 'hello [[fake:no-terminator]]' })));
    expect(f?.responseMessage.unfinished).toBe(true);
  });

  it('names a conversation on its first good reply even after a failed first one', async () => {
    const s = await signUp(t);
    const failed = await readFrames(await postChat(t, s, { text: 'hi [[fake:error-500]]' }));
    const e = errorFrame(failed)!;
    const convoId = e.conversation!.conversationId;
    const ok = final(
      await readFrames(
        await postChat(t, s, {
          text: 'Plan a garden',
          conversationId: convoId,
          parentMessageId: created(failed).message.messageId,
        }),
      ),
    )!;
    expect(ok).toBeTruthy();
    const res = await fetch(`${t.base}/api/convos/gen_title/${convoId}`, { headers: authed(s) });
    expect(res.status).toBe(200);
  });

  it('leaves the oldest turns out when the history exceeds the context window, and says so', async () => {
    const s = await signUp(t);
    let parent: string = NO_PARENT;
    let conversationId: string | null = null;
    for (let i = 0; i < 3; i++) {
      const f: Of<'final'> = final(
        await readFrames(
          await postChat(t, s, {
            text: `turn ${i} ${'words '.repeat(60)}`,
            conversationId,
            parentMessageId: parent,
          }),
        ),
      )!;
      parent = f.responseMessage.messageId;
      conversationId = f.conversation.conversationId;
    }
    const last = final(
      await readFrames(
        await postChat(t, s, {
          text: 'latest question',
          conversationId,
          parentMessageId: parent,
          maxContextTokens: 1300,
        }),
      ),
    )!;
    expect(last.responseMessage.contextDropped).toBeGreaterThan(0);
    const sent = (t.fake.journal.last('openai-chat')!.body as { messages: { role: string }[] }).messages;
    expect(sent.length).toBeLessThan(7);
    expect(JSON.stringify(sent[sent.length - 1])).toContain('latest question');
    const stored = await (
      await fetch(`${t.base}/api/messages/${conversationId}`, { headers: authed(s) })
    ).json();
    expect(
      stored.find((m: { messageId: string }) => m.messageId === last.responseMessage.messageId)
        .contextDropped,
    ).toBe(last.responseMessage.contextDropped);
  });

  it('pages the conversation list with keyset cursors', async () => {
    const s = await signUp(t);
    for (let i = 0; i < 5; i++) await readFrames(await postChat(t, s, { text: `convo ${i}` }));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = await (await fetch(`${t.base}/api/convos${q}`, { headers: authed(s) })).json();
      expect(page.conversations.length).toBeLessThanOrEqual(2);
      seen.push(...page.conversations.map((c: { conversationId: string }) => c.conversationId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });
});
