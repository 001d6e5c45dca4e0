import { type Message, NO_PARENT } from '@parley/schema';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SendSettings } from '../../../lib/chat-settings.ts';
import { useSession } from '../../../store/session.ts';
import { getTreeStore, loadMessages, resetTreeStores } from '../store/message-tree.ts';
import { useStreams } from '../store/stream-status.ts';
import { resetStreams } from './stream-manager.ts';
import { useChatActions } from './use-chat-actions.ts';

function msg(id: string, parent: string, user: boolean, text: string, at: number): Message {
  return {
    messageId: id,
    conversationId: 'c7',
    parentMessageId: parent,
    text,
    sender: user ? 'User' : 'Llama',
    isCreatedByUser: user,
    error: false,
    unfinished: false,
    endpoint: 'groq',
    model: 'llama-3',
    createdAt: at,
    updatedAt: at,
  };
}

const settings: SendSettings = {
  endpoint: 'groq',
  endpointType: 'custom',
  model: 'llama-3',
  spec: null,
  params: { temperature: 0.3 },
  label: 'Llama 3',
};
/** The fields every request must carry from the settings, whichever action sent it. */
const settingsFields = { endpoint: 'groq', endpointType: 'custom', model: 'llama-3', temperature: 0.3 };

describe('useChatActions', () => {
  let bodies: Record<string, unknown>[];
  beforeEach(() => {
    bodies = [];
    // The server refuses every request: only what was sent matters here.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ error: { code: 'generation_active', message: 'busy' } }), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    useSession.setState({ status: 'authenticated', token: 't', user: null });
  });
  afterEach(() => {
    resetStreams();
    resetTreeStores();
    vi.unstubAllGlobals();
  });

  function setup(current: SendSettings | null) {
    const store = getTreeStore('c7');
    const question = msg('q', NO_PARENT, true, 'question', 1);
    const answer = { ...msg('a', 'q', false, 'The start', 2), finish_reason: 'length' };
    loadMessages(store, [question, answer]);
    store.setState({ conversationId: 'c7' });
    const onSent = vi.fn();
    const { result } = renderHook(() =>
      useChatActions({ treeKey: 'c7', store, conversationId: 'c7', settings: current, onSent }),
    );
    const settled = () => vi.waitFor(() => expect(useStreams.getState().active.c7).toBeUndefined());
    return { actions: result.current, store, onSent, settled };
  }

  it('names the agent on every action of an agent chat', async () => {
    const agentChat: SendSettings = { ...settings, endpoint: 'agents', agent_id: 'agent_1' };
    const { actions, settled } = setup(agentChat);
    expect(actions.onSend('Hi')).toBe(true);
    await settled();
    actions.onRegenerate('a');
    await settled();
    expect(bodies).toHaveLength(2);
    for (const body of bodies) expect(body).toMatchObject({ endpoint: 'agents', agent_id: 'agent_1' });
  });

  it('sends every action with the same settings', async () => {
    const { actions, onSent, settled } = setup(settings);
    expect(actions.onSend('Hi')).toBe(true);
    await settled();
    expect(actions.onEditSubmit('q', 'question, edited')).toBe(true);
    await settled();
    actions.onRegenerate('a');
    await settled();
    actions.onContinue('a');
    await settled();

    expect(bodies).toHaveLength(4);
    for (const body of bodies) expect(body).toMatchObject(settingsFields);
    expect(bodies.map((b) => [b.isRegenerate, b.isContinued])).toEqual([
      [false, undefined],
      [false, undefined],
      [true, undefined],
      [undefined, true],
    ]);
    // A sent message and an edit scroll the view; regenerate and continue keep it where it is.
    expect(onSent).toHaveBeenCalledTimes(2);
  });

  it('answers a reply with its own question and the conversation it belongs to', async () => {
    const { actions, settled } = setup(settings);
    actions.onRegenerate('a');
    await settled();
    expect(bodies[0]).toMatchObject({ conversationId: 'c7', messageId: 'q', text: 'question' });
  });

  it('labels the pending reply with the settings until the server names its sender', () => {
    const { actions, store } = setup(settings);
    actions.onRegenerate('a');
    const replies = [...store.getState().byId.values()].filter(
      (m) => !m.isCreatedByUser && m.messageId !== 'a',
    );
    expect(replies.map((m) => m.sender)).toEqual(['Llama 3']);
  });

  it('sends nothing while no settings are chosen', () => {
    const { actions } = setup(null);
    expect(actions.onSend('Hi')).toBe(false);
    expect(actions.onEditSubmit('q', 'edited')).toBe(false);
    actions.onRegenerate('a');
    actions.onContinue('a');
    expect(bodies).toHaveLength(0);
  });
});
