import type { ContentPart } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import type { MessageRow } from '../db/schema.ts';
import { errorFrame, type Outcome, replyRow } from './persist.ts';
import type { RunContext } from './run-context.ts';

const placeholder: MessageRow = {
  user_id: 'u',
  message_id: 'r',
  conversation_id: 'c',
  parent_message_id: 'm',
  sender: 'gpt-4o',
  text: '',
  content: null,
  is_created_by_user: 0,
  error: 0,
  unfinished: 0,
  endpoint: 'openAI',
  model: 'gpt-4o',
  finish_reason: null,
  token_count: null,
  client_timestamp: null,
  metadata: null,
  files: null,
  created_at: 1,
  updated_at: 1,
};
const ctx = { placeholder } as RunContext;
const prompt = { promptEstimate: 20, contextDropped: 0, citations: [] };
const parts = (text: string): ContentPart[] => [
  { type: 'think', think: 'Hmm' },
  { type: 'text', text },
];
const outcome = (over: Partial<Outcome>): Outcome => ({
  parts: [],
  error: null,
  aborted: false,
  finish: null,
  prompt,
  ...over,
});
const finish = (finishReason: string, outputTokens: number | null = 7) =>
  ({ type: 'finish', finishReason, outputTokens, inputTokens: 12 }) as const;

describe('replyRow', () => {
  it('saves a finished reply with its parts, text and reported usage', () => {
    const row = replyRow(ctx, outcome({ parts: parts('Hello'), finish: finish('stop') }), 5);
    expect(row).toMatchObject({
      message_id: 'r',
      text: 'Hello',
      content: JSON.stringify(parts('Hello')),
      error: 0,
      unfinished: 0,
      finish_reason: 'stop',
      token_count: 7,
      metadata: null,
      updated_at: 5,
    });
  });

  it('estimates the output when the provider reported none, and notes dropped context', () => {
    const row = replyRow(
      ctx,
      outcome({
        parts: parts('x'.repeat(40)),
        finish: finish('length', null),
        prompt: { promptEstimate: 1, contextDropped: 3, citations: [] },
      }),
      5,
    );
    expect(row.token_count).toBe(14);
    expect(row.metadata).toBe('{"contextDropped":3}');
  });

  it('keeps the passages the reply may cite', () => {
    const citation = { file_id: 'f1', filename: 'a.pdf', page: 2, text: 'The answer.', offset: 10 };
    const row = replyRow(
      ctx,
      outcome({ parts: parts('See [1].'), prompt: { ...prompt, citations: [citation] } }),
      5,
    );
    expect(JSON.parse(row.metadata!)).toEqual({ citations: [citation] });
  });

  it('marks a stream cut off without a reason, and a stopped one, unfinished', () => {
    expect(replyRow(ctx, outcome({ parts: parts('Hal') }), 5)).toMatchObject({
      unfinished: 1,
      finish_reason: null,
    });
    expect(replyRow(ctx, outcome({ parts: parts('Hal'), finish: finish('other') }), 5).unfinished).toBe(1);
    expect(replyRow(ctx, outcome({ parts: parts('Hal'), aborted: true }), 5)).toMatchObject({
      unfinished: 1,
      finish_reason: 'abort',
    });
  });

  it("stores an error as LibreChat's JSON text, after what arrived before it", () => {
    const error = { type: 'provider_error', info: 'Overloaded' };
    const failed = replyRow(ctx, outcome({ parts: parts('Half'), error }), 5);
    expect(failed).toMatchObject({
      text: '{"type":"provider_error","info":"Overloaded"}',
      error: 1,
      unfinished: 0,
      finish_reason: 'error',
      token_count: null,
    });
    expect(JSON.parse(failed.content!)).toEqual([
      ...parts('Half'),
      { type: 'error', error: '{"type":"provider_error","info":"Overloaded"}' },
    ]);
    // Nothing arrived: the text alone holds the error.
    expect(replyRow(ctx, outcome({ error: { type: 'no_user_key' } }), 5)).toMatchObject({
      text: '{"type":"no_user_key"}',
      content: null,
    });
  });
});

describe('errorFrame', () => {
  it('carries the error typed, and as LibreChat text in message', () => {
    expect(errorFrame({ type: 'rate_limit', info: 'slow' })).toEqual({
      error: true,
      message: '{"type":"rate_limit","info":"slow"}',
      chatError: { type: 'rate_limit', info: 'slow' },
    });
    expect(errorFrame({ info: 'The reply could not be saved. Please try again.' }).message).toBe(
      'The reply could not be saved. Please try again.',
    );
  });
});
