import type { Message } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { canContinue } from './continue-rule.ts';

const reply = (over: Partial<Message> = {}): Message => ({
  messageId: 'r',
  conversationId: 'c',
  parentMessageId: 'q',
  text: 'partial',
  sender: 'gpt-4o',
  isCreatedByUser: false,
  error: false,
  unfinished: false,
  endpoint: 'openAI',
  model: 'gpt-4o',
  finish_reason: 'length',
  createdAt: 1,
  updatedAt: 1,
  ...over,
});

describe('canContinue', () => {
  it('offers Continue on the latest reply cut off for length or stopped', () => {
    expect(canContinue(reply(), true)).toBe(true);
    expect(canContinue(reply({ finish_reason: 'abort', unfinished: true }), true)).toBe(true);
    expect(canContinue(reply({ finish_reason: 'other' }), true)).toBe(true);
  });

  it('not on a finished, failed, older or user message', () => {
    expect(canContinue(reply({ finish_reason: 'stop' }), true)).toBe(false);
    expect(canContinue(reply({ finish_reason: null }), true)).toBe(false);
    expect(canContinue(reply({ error: true, finish_reason: 'error' }), true)).toBe(false);
    expect(canContinue(reply(), false)).toBe(false);
    expect(canContinue(reply({ isCreatedByUser: true }), true)).toBe(false);
  });
});
