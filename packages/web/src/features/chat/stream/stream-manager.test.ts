import { formatChatError, NO_PARENT } from '@parley/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../store/session.ts';
import { convo as fixtureConvo, msg, reply as replyTo, sse } from '../../../testing/fixtures.ts';
import { messageError } from '../message-parts.ts';
import { getTreeStore, resetTreeStores } from '../store/message-tree.ts';
import { useStreams } from '../store/stream-status.ts';
import { readPendingNew } from './pending-new.ts';
import { resetStreams, sendMessage, stopGeneration } from './stream-manager.ts';

type Body = { messageId: string; responseMessageId: string; parentMessageId: string; text: string };

const convo = fixtureConvo();
const delta = (text: string) => ({
  event: 'on_message_delta',
  data: { id: 'r', delta: { content: [{ type: 'text', text }] } },
});
const streamResponse = (text: string) =>
  new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });

async function settle(key: string) {
  await vi.waitFor(() => expect(useStreams.getState().active[key]).toBeUndefined(), { timeout: 5000 });
}

describe('stream manager', () => {
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
    sessionStorage.clear();
  });

  it('streams a first reply into the tree and names the conversation', async () => {
    let body: Body | undefined;
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === '/api/chat') {
        body = JSON.parse(String(init.body));
        const b = body as Body;
        const user = msg(b.messageId, NO_PARENT, { text: b.text });
        const reply = replyTo(b.responseMessageId, b.messageId);
        return streamResponse(
          sse([
            { created: true, streamId: 's1', message: user, responseMessage: reply, conversation: convo },
            delta('Hel'),
            delta('lo'),
            {
              final: true,
              conversation: convo,
              requestMessage: user,
              responseMessage: { ...reply, text: 'Hello' },
            },
          ]),
        );
      }
      return new Response('{}', { status: 404 });
    });
    const key = 'new:test';
    expect(
      sendMessage({
        key,
        text: 'Hi',
        conversationId: null,
        parentMessageId: NO_PARENT,
        settings: { endpoint: 'openAI', model: 'gpt-4o', params: {}, label: 'gpt-4o' },
      }),
    ).toBe(true);
    // A second send while submitting is ignored.
    expect(
      sendMessage({
        key,
        text: 'Again',
        conversationId: null,
        parentMessageId: NO_PARENT,
        settings: { endpoint: 'openAI', model: 'gpt-4o', params: {}, label: 'gpt-4o' },
      }),
    ).toBe(false);
    await settle(key);
    const state = getTreeStore(key).getState();
    expect(body).toMatchObject({
      text: 'Hi',
      conversationId: null,
      parentMessageId: NO_PARENT,
      isRegenerate: false,
    });
    expect(state.conversationId).toBe('c1');
    expect(state.branch).toHaveLength(2);
    expect(state.byId.get(state.branch[1])?.text).toBe('Hello');
    expect(state.localOnly.size).toBe(0);
    expect(useStreams.getState().completedNew[key]).toBe('c1');
    expect(readPendingNew()).toBeNull();
  });

  it('reconnects after a drop with Last-Event-ID and loses or repeats nothing', async () => {
    let ids: Body | undefined;
    const streamHeaders: Record<string, string>[] = [];
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === '/api/chat') {
        ids = JSON.parse(String(init.body));
        const b = ids as Body;
        const user = msg(b.messageId, NO_PARENT, { text: b.text });
        const reply = replyTo(b.responseMessageId, b.messageId);
        // The connection drops after three frames (no final).
        return streamResponse(
          sse([
            { created: true, streamId: 's1', message: user, responseMessage: reply, conversation: convo },
            delta('one '),
            delta('two '),
          ]),
        );
      }
      if (url === '/api/chat/stream/s1') {
        streamHeaders.push(init.headers as Record<string, string>);
        const b = ids as Body;
        const user = msg(b.messageId, NO_PARENT, { text: b.text });
        const reply = replyTo(b.responseMessageId, b.messageId, { text: 'one two three' });
        return streamResponse(
          sse(
            [
              delta('three'),
              { final: true, conversation: convo, requestMessage: user, responseMessage: reply },
            ],
            4,
          ),
        );
      }
      return new Response('{}', { status: 404 });
    });
    const key = 'c1';
    sendMessage({
      key,
      text: 'Count',
      conversationId: 'c1',
      parentMessageId: NO_PARENT,
      settings: { endpoint: 'openAI', model: 'gpt-4o', params: {}, label: 'gpt-4o' },
    });
    await settle(key);
    expect(streamHeaders[0]['Last-Event-ID']).toBe('3');
    const state = getTreeStore(key).getState();
    expect(state.byId.get(state.branch[1])?.text).toBe('one two three');
  });

  it('shows a request failure as an error reply and keeps both messages local-only', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ error: { code: 'model_unavailable', message: 'This model is not available.' } }),
        {
          status: 400,
          headers: { 'content-type': 'application/json' },
        },
      ),
    );
    const key = 'c2';
    sendMessage({
      key,
      text: 'x',
      conversationId: 'c2',
      parentMessageId: 'p',
      settings: { endpoint: 'openAI', model: 'nope', params: {}, label: 'nope' },
    });
    await settle(key);
    const state = getTreeStore(key).getState();
    const reply = [...state.byId.values()].find((m) => !m.isCreatedByUser);
    expect(reply).toMatchObject({ error: true, text: 'This model is not available.' });
    expect(state.localOnly.size).toBe(2);
  });

  it('shows a chat limit from its typed details, not from the message text', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          error: { code: 'concurrent', message: 'not read', details: { type: 'concurrent', limit: 2 } },
        }),
        { status: 429, headers: { 'content-type': 'application/json' } },
      ),
    );
    const key = 'c3';
    sendMessage({
      key,
      text: 'x',
      conversationId: 'c3',
      parentMessageId: 'p',
      settings: { endpoint: 'openAI', model: 'gpt-4o', params: {}, label: 'gpt-4o' },
    });
    await settle(key);
    const state = getTreeStore(key).getState();
    const reply = [...state.byId.values()].find((m) => !m.isCreatedByUser)!;
    expect(reply.error).toBe(true);
    expect(formatChatError(messageError(reply))).toBe(
      'Only 2 message(s) at a time. Please allow any other responses to complete before sending another message, or wait one minute.',
    );
  });

  it('stop sends the abort key and applies the final payload', async () => {
    let ids: Body | undefined;
    let abortBody: unknown;
    let release: () => void = () => {};
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === '/api/chat') {
        ids = JSON.parse(String(init.body));
        const b = ids as Body;
        const user = msg(b.messageId, NO_PARENT, { text: b.text });
        const reply = replyTo(b.responseMessageId, b.messageId);
        const encoder = new TextEncoder();
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(
              encoder.encode(
                sse([
                  {
                    created: true,
                    streamId: 's9',
                    message: user,
                    responseMessage: reply,
                    conversation: { ...convo, conversationId: 'c9' },
                  },
                  delta('partial'),
                ]),
              ),
            );
            release = () => controller.close();
          },
        });
        return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      }
      if (url === '/api/chat/abort') {
        abortBody = JSON.parse(String(init.body));
        const b = ids as Body;
        release();
        return new Response(
          JSON.stringify({
            final: true,
            conversation: { ...convo, conversationId: 'c9' },
            requestMessage: msg(b.messageId, NO_PARENT, { text: 'go' }),
            responseMessage: {
              ...replyTo(b.responseMessageId, b.messageId, { text: 'partial' }),
              unfinished: true,
            },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      }
      return new Response('{}', { status: 404 });
    });
    const key = 'c9';
    sendMessage({
      key,
      text: 'go',
      conversationId: 'c9',
      parentMessageId: NO_PARENT,
      settings: { endpoint: 'openAI', model: 'gpt-4o', params: {}, label: 'gpt-4o' },
    });
    await vi.waitFor(() => expect(useStreams.getState().active[key]?.phase).toBe('streaming'));
    await stopGeneration(key);
    await settle(key);
    expect(abortBody).toEqual({ abortKey: `c9:${(ids as Body).messageId}`, endpoint: 'openAI' });
    const state = getTreeStore(key).getState();
    expect(state.byId.get(state.branch[1])).toMatchObject({ text: 'partial', unfinished: true });
  });
});
