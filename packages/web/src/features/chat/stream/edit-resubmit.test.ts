import { type Message, NO_PARENT } from '@parley/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../store/session.ts';
import { getTreeStore, loadMessages, resetTreeStores, selectSibling } from '../store/message-tree.ts';
import { siblingPosition } from '../tree.ts';
import { editAndResubmit, resetStreams } from './stream-manager.ts';
import { useStreams } from './stream-status.ts';

type Body = { messageId: string; responseMessageId: string; parentMessageId: string; text: string };

const convo = {
  conversationId: 'c1',
  title: 'Chat',
  endpoint: 'openAI',
  model: 'gpt-4o',
  isArchived: false,
  tags: [],
  expiredAt: null,
  createdAt: 1,
  updatedAt: 2,
};
function msg(id: string, parent: string, user: boolean, text: string, at: number): Message {
  return {
    messageId: id,
    conversationId: 'c1',
    parentMessageId: parent,
    text,
    sender: user ? 'User' : 'gpt-4o',
    isCreatedByUser: user,
    error: false,
    unfinished: false,
    endpoint: 'openAI',
    model: 'gpt-4o',
    createdAt: at,
    updatedAt: at,
  };
}
const sse = (frames: unknown[]) =>
  frames.map((f, i) => `id: ${i + 1}\ndata: ${JSON.stringify(f)}\n\n`).join('');

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
    const q1 = msg('q1', NO_PARENT, true, 'first', 1);
    const a1 = msg('a1', 'q1', false, 'answer one', 2);
    const q2 = msg('q2', 'a1', true, 'second', 3);
    const a2 = msg('a2', 'q2', false, 'answer two', 4);
    loadMessages(store, [q1, a1, q2, a2]);
    store.setState({ conversationId: 'c1' });
    // An earlier explicit choice under the parent must not hide the new sibling.
    selectSibling(store, 'a1', 0);

    let body: Body | undefined;
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url !== '/api/chat') return new Response('{}', { status: 404 });
      body = JSON.parse(String(init.body)) as Body;
      const user = msg(body.messageId, body.parentMessageId, true, body.text, 10);
      const reply = msg(body.responseMessageId, body.messageId, false, 'new answer', 11);
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
        endpoint: 'openAI',
        model: 'gpt-4o',
        sender: 'gpt-4o',
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
        edited: msg('a', 'q', false, 'reply', 1),
        endpoint: 'openAI',
        model: 'gpt-4o',
        sender: 'gpt-4o',
      }),
    ).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
