import { describe, expect, it } from 'vitest';
import { MessageEdit } from './message-edit.ts';
import { applyMessageEdit, canEditEndpoint } from './message-edit-rules.ts';

describe('applyMessageEdit', () => {
  it('replaces the text of a message without parts', () => {
    expect(applyMessageEdit({ text: 'old', content: null }, { text: 'new' })).toEqual({
      text: 'new',
      content: null,
    });
  });

  it('replaces the text parts and keeps think parts where they were', () => {
    const out = applyMessageEdit(
      {
        text: 'ab',
        content: [
          { type: 'think', think: 'hmm' },
          { type: 'text', text: 'a' },
          { type: 'think', think: 'more' },
          { type: 'text', text: 'b' },
        ],
      },
      { text: 'edited' },
    );
    expect(out).toEqual({
      text: 'edited',
      content: [
        { type: 'think', think: 'hmm' },
        { type: 'text', text: 'edited' },
        { type: 'think', think: 'more' },
      ],
    });
  });

  it('adds a text part when the message only had thinking', () => {
    const out = applyMessageEdit({ text: '', content: [{ type: 'think', think: 'x' }] }, { text: 'y' });
    expect(out?.content).toEqual([
      { type: 'think', think: 'x' },
      { type: 'text', text: 'y' },
    ]);
  });

  it('edits one part by index and recomputes the text', () => {
    const message = {
      text: 'ab',
      content: [
        { type: 'text' as const, text: 'a' },
        { type: 'think' as const, think: 't' },
        { type: 'text' as const, text: 'b' },
      ],
    };
    expect(applyMessageEdit(message, { text: 'B', index: 2 })).toEqual({
      text: 'aB',
      content: [
        { type: 'text', text: 'a' },
        { type: 'think', think: 't' },
        { type: 'text', text: 'B' },
      ],
    });
    expect(applyMessageEdit(message, { text: 'T', index: 1 })?.content?.[1]).toEqual({
      type: 'think',
      think: 'T',
    });
    expect(applyMessageEdit(message, { text: 'x', index: 3 })).toBeNull();
    expect(applyMessageEdit({ text: 'a', content: null }, { text: 'x', index: 0 })).toBeNull();
  });
});

describe('MessageEdit', () => {
  it('requires text', () => {
    const r = MessageEdit.safeParse({ text: '   ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('The text is required.');
    expect(MessageEdit.safeParse({ text: 'ok', index: 1 }).success).toBe(true);
  });
});

describe('canEditEndpoint', () => {
  it('offers edit on the listed endpoints and custom ones, not assistants', () => {
    for (const e of ['openAI', 'azureOpenAI', 'anthropic', 'google', 'bedrock', 'agents', 'Mistral']) {
      expect(canEditEndpoint(e)).toBe(true);
    }
    expect(canEditEndpoint('assistants')).toBe(false);
    expect(canEditEndpoint('chatGPTBrowser')).toBe(false);
  });
});
