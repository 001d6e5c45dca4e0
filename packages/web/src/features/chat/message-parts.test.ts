import type { Message } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { answerPartIndex, contentSegments, hasRichParts, messageError } from './message-parts.ts';

const message = (content: Message['content']): Message => ({
  messageId: 'm',
  conversationId: 'c',
  parentMessageId: 'p',
  text: '',
  content,
  sender: 'AI',
  isCreatedByUser: false,
  error: false,
  unfinished: false,
  endpoint: null,
  model: null,
  createdAt: 0,
  updatedAt: 0,
});

describe('contentSegments', () => {
  it('keeps the parts in order, joining neighbouring text and think parts', () => {
    const call = { id: 't1', name: 'get_weather', progress: 1 };
    const m = message([
      { type: 'think', think: 'Let me ' },
      { type: 'think', think: 'check.' },
      { type: 'text', text: 'Checking ' },
      { type: 'text', text: 'now.' },
      { type: 'tool_call', tool_call: call },
      { type: 'image_file', image_file: { file_id: 'f1', filepath: '/img/a.png', width: 4, height: 3 } },
      { type: 'image_url', image_url: { url: 'https://example.com/b.png' } },
      { type: 'text', text: 'Done.' },
    ]);
    expect(hasRichParts(m)).toBe(true);
    expect(contentSegments(m)).toEqual([
      { kind: 'think', text: 'Let me check.', part: 0 },
      { kind: 'text', text: 'Checking now.', part: 2 },
      { kind: 'tool', call },
      { kind: 'image', image: { src: '/img/a.png', name: 'f1', width: 4, height: 3 } },
      { kind: 'image', image: { src: 'https://example.com/b.png', name: '' } },
      { kind: 'text', text: 'Done.', part: 7 },
    ]);
  });

  it('says which content part a plain answer starts at (its code runs are stored under it)', () => {
    expect(answerPartIndex(message(undefined))).toBe(0);
    expect(
      answerPartIndex(
        message([
          { type: 'think', think: 'x' },
          { type: 'text', text: 'y' },
        ]),
      ),
    ).toBe(1);
    expect(answerPartIndex(message([{ type: 'think', think: 'x' }]))).toBe(0);
  });

  it('leaves plain replies to the simple layout', () => {
    expect(
      hasRichParts(
        message([
          { type: 'think', think: 'x' },
          { type: 'text', text: 'y' },
        ]),
      ),
    ).toBe(false);
    expect(hasRichParts(message(undefined))).toBe(false);
  });
});

describe('messageError', () => {
  it("reads a stored reply's error from its error part, else from its text", () => {
    const failed = (over: Partial<Message>): Message => ({
      ...message([]),
      error: true,
      ...over,
    });
    expect(
      messageError(
        failed({
          text: 'ignored',
          content: [
            { type: 'text', text: 'Half an ans' },
            { type: 'error', error: '{"type":"rate_limit","info":"slow down"}' },
          ],
        }),
      ),
    ).toEqual({ type: 'rate_limit', info: 'slow down' });
    expect(messageError(failed({ text: '{"type":"token_balance"}', content: undefined }))).toEqual({
      type: 'token_balance',
    });
    expect(messageError(failed({ text: 'The reply could not be saved.', content: undefined }))).toEqual({
      info: 'The reply could not be saved.',
    });
  });
});
