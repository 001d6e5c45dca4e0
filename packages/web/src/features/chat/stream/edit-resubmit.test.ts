import { NO_PARENT } from '@parley/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../store/session.ts';
import { convo as fixtureConvo, msg, reply as replyTo, sse } from '../../../testing/fixtures.ts';
import { getTreeStore, loadMessages, resetTreeStores, selectSibling } from '../store/message-tree.ts';
import { useStreams } from '../store/stream-status.ts';
import { siblingPosition } from '../tree.ts';
import { continueReply, editAndResubmit, resetStreams } from './stream-manager.ts';

type Body = { messageId: string; responseMessageId: string; parentMessageId: string; text: string };

const convo = fixtureConvo({ title: 'Chat' });

describe('editAndResubmit', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    useSession.setState({ status: 'authenticated', token: 't', user: null });
  });
  afterEach(() => {
    resetStreams();
    resetTreeStores();
    vi.unstubAllGlobals();
  });

  it('sends the new text under the edited message parent and shows the new branch', async () => {
    const key = 'c1';
    const store = getTreeStore(key);
    const q1 = msg('q1', NO_PARENT, { text: 'first', at: 1 });
    const a1 = replyTo('a1', 'q1', { text: 'answer one', at: 2 });
    const q2 = msg('q2', 'a1', { text: 'second', at: 3 });
    const a2 = replyTo('a2', 'q2', { text: 'answer two', at: 4 });
    loadMessages(store, [q1, a1, q2, a2]);
    store.setState({ conversationId: 'c1' });
    // An earlier explicit choice under the parent must not hide the new sibling.
    selectSibling(store, 'a1', 0);

    let body: Body | undefined;
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url !== '/api/chat') return new Response('{}', { status: 404 });
      body = JSON.parse(String(init.body)) as Body;
      const user = msg(body.messageId, body.parentMessageId, { text: body.text, at: 10 });
      const reply = replyTo(body.responseMessageId, body.messageId, { text: 'new answer', at: 11 });
      return new Response(
        sse([
          {
            created: true,
            streamId: 's',
            message: user,
            responseMessage: { ...reply, text: '' },
            conversation: convo,
          },
          { final: true, conversation: convo, requestMessage: user, responseMessage: reply },
        ]),
        { status: 200, headers: { 'content-type': 'text/event-stream' } },
      );
    });

    expect(
      editAndResubmit({
        key,
        text: 'second, edited',
        conversationId: 'c1',
        edited: q2,
        settings: { endpoint: 'openAI', model: 'gpt-4o', params: {}, label: 'gpt-4o' },
      }),
    ).toBe(true);
    await vi.waitFor(() => expect(useStreams.getState().active[key]).toBeUndefined());

    expect(body?.parentMessageId).toBe('a1');
    expect(body?.text).toBe('second, edited');
    expect(body?.messageId).not.toBe('q2');
    const state = store.getState();
    expect(state.childrenOf.get('a1')).toHaveLength(2);
    expect(state.branch.map((id) => state.byId.get(id)?.text)).toEqual([
      'first',
      'answer one',
      'second, edited',
      'new answer',
    ]);
    expect(siblingPosition(2, state.selection.a1)).toEqual({ index: 2, total: 2 });
    // Back to the first version: the old text and its reply.
    selectSibling(store, 'a1', 0);
    const back = store.getState();
    expect(back.branch.map((id) => back.byId.get(id)?.text)).toEqual([
      'first',
      'answer one',
      'second',
      'answer two',
    ]);
  });

  it('refuses an AI message', () => {
    expect(
      editAndResubmit({
        key: 'c2',
        text: 'x',
        conversationId: 'c1',
        edited: replyTo('a', 'q', { text: 'reply', at: 1 }),
        settings: { endpoint: 'openAI', model: 'gpt-4o', params: {}, label: 'gpt-4o' },
      }),
    ).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('continueReply', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    useSession.setState({ status: 'authenticated', token: 't', user: null });
  });
  afterEach(() => {
    resetStreams();
    resetTreeStores();
    vi.unstubAllGlobals();
  });

  const setup = () => {
    const store = getTreeStore('c1');
    const q = msg('q', NO_PARENT, { text: 'question', at: 1 });
    const a = { ...replyTo('a', 'q', { text: 'The start', at: 2 }), finish_reason: 'length' };
    loadMessages(store, [q, a]);
    store.setState({ conversationId: 'c1' });
    return { store, q, a };
  };
  const opts = {
    key: 'c1',
    conversationId: 'c1',
    settings: { endpoint: 'openAI', model: 'gpt-4o', params: {}, label: 'gpt-4o' },
  };

  it('appends the streamed text to the same reply', async () => {
    const { store, q, a } = setup();
    let body: Record<string, unknown> | undefined;
    const head = sse([
      { created: true, streamId: 's', message: q, responseMessage: a, conversation: convo },
      { event: 'on_message_delta', data: { id: 'a', delta: { content: [{ type: 'text', text: ' and' }] } } },
    ]);
    let push: (text: string) => void = () => {};
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      body = JSON.parse(String(init.body));
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          const enc = new TextEncoder();
          controller.enqueue(enc.encode(head));
          push = (text) => {
            controller.enqueue(enc.encode(text));
            controller.close();
          };
        },
      });
      return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    expect(continueReply({ ...opts, response: a, userMessage: q })).toBe(true);
    // While streaming, the reply shows its saved text followed by the new deltas.
    await vi.waitFor(() => expect(store.getState().byId.get('a')?.text).toBe('The start and'));
    const done = { ...a, text: 'The start and the rest', finish_reason: 'stop' };
    push(sse([{ final: true, conversation: convo, requestMessage: q, responseMessage: done }], 3));
    await vi.waitFor(() => expect(useStreams.getState().active.c1).toBeUndefined());
    expect(body).toMatchObject({
      isContinued: true,
      messageId: 'q',
      responseMessageId: 'a',
      text: 'question',
    });
    const state = store.getState();
    expect(state.branch).toEqual(['q', 'a']);
    expect(state.byId.get('a')?.text).toBe('The start and the rest');
  });

  it('puts the saved reply back when the request is refused', async () => {
    const { store, q, a } = setup();
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'generation_active', message: 'busy' } }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(continueReply({ ...opts, response: a, userMessage: q })).toBe(true);
    await vi.waitFor(() => expect(useStreams.getState().active.c1).toBeUndefined());
    const saved = store.getState().byId.get('a');
    expect(saved?.text).toBe('The start');
    expect(saved?.error).toBe(false);
    expect(store.getState().localOnly.has('a')).toBe(false);
  });
});
