import type { ContentPart, Message, SseFrame } from '@parley/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../store/session.ts';
import { convo as fixtureConvo, msg, reply, sse } from '../../../testing/fixtures.ts';
import { getTreeStore, loadMessages, resetTreeStores } from '../store/message-tree.ts';
import { useStreams } from '../store/stream-status.ts';
import { answerApproval, attachGeneration, resetStreams } from './stream-manager.ts';

/** Tool approval: the answer's stream continues the paused reply, and a reload keeps the card. */

const convo = fixtureConvo();
const user = msg('u1', 'root', { text: 'Find the refund policy' });
const waitingCall: ContentPart = {
  type: 'tool_call',
  tool_call: {
    id: 'call_1',
    name: 'file_search',
    args: '{"query":"refund"}',
    progress: 0.1,
    approval: 'pending',
  },
};
const paused: Message = reply('r1', 'u1', {
  endpoint: 'agents',
  text: 'Let me search.',
  unfinished: true,
  content: [{ type: 'text', text: 'Let me search.' }, waitingCall],
});
const streamResponse = (body: string) =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
const completed: SseFrame = {
  event: 'on_run_step_completed',
  data: {
    result: {
      id: 'step_2',
      index: 1,
      type: 'tool_call',
      tool_call: {
        id: 'call_1',
        name: 'file_search',
        output: 'Refunds within 30 days.',
        approval: 'approved',
      },
    },
  },
};
const answerStep: SseFrame = {
  event: 'on_run_step',
  data: {
    id: 'step_3',
    runId: 'r1',
    index: 2,
    stepIndex: 1,
    type: 'message_creation',
    stepDetails: { type: 'message_creation', message_creation: { message_id: 'r1' } },
  },
};
const answer: SseFrame = {
  event: 'on_message_delta',
  data: { id: 'step_3', delta: { content: [{ type: 'text', text: 'Within 30 days.' }] } },
};

async function settle(key: string) {
  await vi.waitFor(() => expect(useStreams.getState().active[key]).toBeUndefined(), { timeout: 5000 });
}

describe('tool approval', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    useSession.setState({ status: 'authenticated', token: 't', user: null });
    loadMessages(getTreeStore('c1'), [user, paused]);
  });
  afterEach(() => {
    resetStreams();
    resetTreeStores();
    vi.unstubAllGlobals();
  });

  it('posts the answer and streams the run on into the same reply', async () => {
    let body: unknown;
    let release: () => void = () => {};
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url !== '/api/chat/approval') return new Response('{}', { status: 404 });
      body = JSON.parse(String(init.body));
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(
            encoder.encode(
              sse([
                {
                  created: true,
                  streamId: 's2',
                  message: user,
                  responseMessage: paused,
                  conversation: convo,
                },
                completed,
                answerStep,
                answer,
              ]),
            ),
          );
          release = () => {
            const saved = {
              ...paused,
              unfinished: false,
              text: 'Let me search.Within 30 days.',
              content: [
                paused.content![0],
                {
                  type: 'tool_call',
                  tool_call: {
                    ...waitingCall.tool_call,
                    progress: 1,
                    output: 'Refunds within 30 days.',
                    approval: 'approved',
                  },
                },
                { type: 'text', text: 'Within 30 days.' },
              ],
            } as Message;
            controller.enqueue(
              encoder.encode(
                sse([{ final: true, conversation: convo, requestMessage: user, responseMessage: saved }], 5),
              ),
            );
            controller.close();
          };
        },
      });
      return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });

    expect(
      answerApproval({
        key: 'c1',
        conversationId: 'c1',
        message: paused,
        toolCallId: 'call_1',
        approved: true,
      }),
    ).toBe(true);
    const store = getTreeStore('c1');
    // At once: the card gives way to the approved call, running.
    expect(store.getState().byId.get('r1')?.content?.[1]).toMatchObject({
      tool_call: { approval: 'approved' },
    });
    expect(useStreams.getState().active.c1?.responseMessageId).toBe('r1');
    // A second answer while the run goes on is ignored.
    expect(
      answerApproval({
        key: 'c1',
        conversationId: 'c1',
        message: paused,
        toolCallId: 'call_1',
        approved: false,
      }),
    ).toBe(false);

    await vi.waitFor(() =>
      expect(
        store
          .getState()
          .byId.get('r1')
          ?.content?.map((p) => p.type),
      ).toEqual(['text', 'tool_call', 'text']),
    );
    const live = store.getState().byId.get('r1')!;
    expect(live.content?.[0]).toBe(paused.content?.[0]);
    expect(live.content?.[1]).toMatchObject({
      tool_call: { progress: 1, output: 'Refunds within 30 days.' },
    });
    expect(live.content?.[2]).toEqual({ type: 'text', text: 'Within 30 days.' });
    expect(body).toEqual({ conversationId: 'c1', messageId: 'r1', toolCallId: 'call_1', approved: true });

    release();
    await settle('c1');
    const done = store.getState().byId.get('r1')!;
    expect(done.unfinished).toBe(false);
    expect(done.text).toBe('Let me search.Within 30 days.');
    // The reply stayed one message: no new sibling.
    expect(store.getState().branch).toEqual(['u1', 'r1']);
  });

  it('puts the waiting reply back when the answer is refused before the run goes on', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    answerApproval({
      key: 'c1',
      conversationId: 'c1',
      message: paused,
      toolCallId: 'call_1',
      approved: false,
    });
    await settle('c1');
    expect(getTreeStore('c1').getState().byId.get('r1')).toEqual(paused);
  });

  it('re-attached after a reload, keeps the saved parts and adds the run’s new steps', async () => {
    const approved: Message = {
      ...paused,
      content: [
        paused.content![0],
        { type: 'tool_call', tool_call: { ...waitingCall.tool_call, approval: 'approved' } },
      ],
    };
    loadMessages(getTreeStore('c1'), [user, approved]);
    fetchMock.mockImplementation(async (url: string) => {
      if (url !== '/api/chat/stream/s2') return new Response('{}', { status: 404 });
      return streamResponse(
        sse([
          { created: true, streamId: 's2', message: user, responseMessage: approved, conversation: convo },
          completed,
          answerStep,
          answer,
          {
            final: true,
            conversation: convo,
            requestMessage: user,
            // A final without parts: the streamed ones stay.
            responseMessage: { ...approved, text: '', content: undefined },
          },
        ]),
      );
    });
    attachGeneration('c1', {
      streamId: 's2',
      conversationId: 'c1',
      userMessageId: 'u1',
      responseMessageId: 'r1',
      createdAt: 1,
    });
    await settle('c1');
    const done = getTreeStore('c1').getState().byId.get('r1')!;
    expect(done.content?.map((p) => p.type)).toEqual(['text', 'tool_call', 'text']);
    expect(done.content?.[1]).toMatchObject({ tool_call: { progress: 1, approval: 'approved' } });
  });
});
