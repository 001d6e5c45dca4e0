import type { Conversation, Message, SseFrame } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { initialAccumulator, reduceFrame, responseView, type StreamAccumulator } from './frame-reducer.ts';

const message = (id: string, extra: Partial<Message> = {}): Message => ({
  messageId: id,
  conversationId: 'c1',
  parentMessageId: 'p',
  text: '',
  sender: 'AI',
  isCreatedByUser: false,
  error: false,
  unfinished: false,
  endpoint: 'openAI',
  model: 'm',
  createdAt: 1,
  updatedAt: 1,
  ...extra,
});
const convo = { conversationId: 'c1', title: 'New Chat' } as Conversation;
const created: SseFrame = {
  created: true,
  streamId: 's1',
  message: message('u1', { isCreatedByUser: true }),
  responseMessage: message('r1'),
  conversation: convo,
};
const delta = (text: string): SseFrame => ({
  event: 'on_message_delta',
  data: { id: 'r1', delta: { content: [{ type: 'text', text }] } },
});
const think = (text: string): SseFrame => ({
  event: 'on_reasoning_delta',
  data: { id: 'r1', delta: { content: [{ type: 'think', think: text }] } },
});

function run(frames: [SseFrame, number | null][], from: StreamAccumulator = initialAccumulator()) {
  return frames.reduce((acc, [f, seq]) => reduceFrame(acc, f, seq), from);
}

describe('reduceFrame', () => {
  it('appends deltas in order', () => {
    const acc = run([
      [created, 1],
      [think('hmm'), 2],
      [delta('Hel'), 3],
      [delta('lo'), 4],
    ]);
    expect(acc.text).toBe('Hello');
    expect(acc.think).toBe('hmm');
    expect(acc.streamId).toBe('s1');
    expect(acc.lastSeq).toBe(4);
  });

  it('ignores replayed frames so no token is duplicated', () => {
    const first = run([
      [created, 1],
      [delta('a'), 2],
      [delta('b'), 3],
    ]);
    // A reconnect replays from the start, then continues.
    const replayed = run(
      [
        [created, 1],
        [delta('a'), 2],
        [delta('b'), 3],
        [delta('c'), 4],
      ],
      first,
    );
    expect(replayed.text).toBe('abc');
  });

  it('returns the same object for a duplicate frame', () => {
    const acc = run([[created, 1]]);
    expect(reduceFrame(acc, created, 1)).toBe(acc);
  });

  it('takes the final message as authoritative and ignores later deltas', () => {
    const final: SseFrame = {
      final: true,
      conversation: { ...convo, title: 'Greeting' },
      requestMessage: message('u1', { isCreatedByUser: true }),
      responseMessage: message('r1', { text: 'Hello!', unfinished: true }),
    };
    const acc = run([
      [created, 1],
      [delta('Hel'), 2],
      [final, 3],
      [delta('zzz'), 4],
    ]);
    expect(acc.phase).toBe('final');
    expect(acc.text).toBe('Hel');
    expect(responseView(acc, message('r1')).text).toBe('Hello!');
    expect(responseView(acc, message('r1')).unfinished).toBe(true);
    expect(acc.lastSeq).toBe(4);
  });

  it('records errors', () => {
    const acc = run([
      [created, 1],
      [{ error: true, message: '{"type":"rate_limit"}', chatError: { type: 'rate_limit' } }, 2],
    ]);
    expect(acc.phase).toBe('error');
    expect(acc.error).toEqual({ type: 'rate_limit' });
    const view = responseView(acc, message('r1'));
    expect(view.error).toBe(true);
    expect(view.text).toBe('{"type":"rate_limit"}');
  });

  it('keeps the text streamed before a mid-stream error', () => {
    const acc = run([
      [created, 1],
      [delta('Half an ans'), 2],
      [{ error: true, message: '{"type":"provider_error"}', chatError: { type: 'provider_error' } }, 3],
    ]);
    const view = responseView(acc, message('r1'));
    expect(view.error).toBe(true);
    expect(view.content).toEqual([
      { type: 'text', text: 'Half an ans' },
      { type: 'error', error: '{"type":"provider_error"}' },
    ]);
  });

  it('applies the title event to the conversation', () => {
    const acc = run([
      [created, 1],
      [{ event: 'title', data: { conversationId: 'c1', title: 'Hi there' } }, 2],
    ]);
    expect(acc.title).toBe('Hi there');
    expect(acc.conversation?.title).toBe('Hi there');
  });

  it('builds a streaming view with think and text parts', () => {
    const acc = run([
      [created, 1],
      [think('plan'), 2],
      [delta('ok'), 3],
    ]);
    const view = responseView(acc, message('r1'));
    expect(view.content).toEqual([
      { type: 'think', think: 'plan' },
      { type: 'text', text: 'ok' },
    ]);
    expect(view.messageId).toBe('r1');
  });
});
