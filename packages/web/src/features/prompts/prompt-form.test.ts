import { afterEach, describe, expect, it } from 'vitest';
import {
  canSubmit,
  commandCounter,
  commandInput,
  createBody,
  editorRows,
  emptyPromptForm,
  LAST_CATEGORY_KEY,
  onelinerCounter,
  readLastCategory,
  rememberCategory,
  shouldSaveText,
  validatePromptForm,
} from './prompt-form.ts';

const filled = {
  name: 'Summary',
  prompt: 'Summarise {{text}}',
  category: 'write',
  oneliner: '',
  command: '',
};

describe('the new-prompt form (doc 2 §5.9)', () => {
  afterEach(() => localStorage.clear());

  it('requires a name and a text, blank counting as missing', () => {
    expect(validatePromptForm({ ...filled, name: '  ', prompt: '\n' })).toEqual({
      name: 'required',
      prompt: 'required',
    });
    expect(validatePromptForm(filled)).toEqual({});
  });

  it('caps the oneliner at 120 characters, with a live n/120 counter', () => {
    expect(validatePromptForm({ ...filled, oneliner: 'x'.repeat(120) })).toEqual({});
    expect(validatePromptForm({ ...filled, oneliner: 'x'.repeat(121) })).toEqual({ oneliner: 'too_long' });
    expect(onelinerCounter('hello')).toBe('5/120');
  });

  it('normalises the command as typed: lower case, spaces to hyphens, a-z 0-9 - only, capped', () => {
    expect(commandInput('My Cmd!_2')).toBe('my-cmd2');
    expect(commandInput('Ünïcode ok')).toBe('ncode-ok');
    expect(commandInput('a'.repeat(80))).toHaveLength(56);
    expect(commandCounter('abc')).toBe('3/56');
  });

  it('enables Create only when dirty, valid and not submitting', () => {
    const initial = emptyPromptForm('');
    expect(canSubmit(initial, initial, false)).toBe(false);
    expect(canSubmit({ ...initial, name: 'Only a name' }, initial, false)).toBe(false);
    expect(canSubmit({ ...filled }, initial, false)).toBe(true);
    expect(canSubmit({ ...filled }, initial, true)).toBe(false);
    expect(canSubmit({ ...filled, oneliner: 'x'.repeat(121) }, initial, false)).toBe(false);
  });

  it('sends the oneliner and the command only when not empty (doc 2 §3.5)', () => {
    expect(createBody(filled)).toEqual({
      prompt: { type: 'text', prompt: 'Summarise {{text}}' },
      group: { name: 'Summary', category: 'write' },
    });
    expect(
      createBody({ ...filled, name: ' Summary ', oneliner: ' Short ', command: 'Sum Up' }).group,
    ).toEqual({
      name: 'Summary',
      category: 'write',
      oneliner: 'Short',
      command: 'sum-up',
    });
  });

  it('remembers the last category locally and starts the next form with it', () => {
    expect(readLastCategory()).toBe('');
    rememberCategory('code');
    expect(localStorage.getItem(LAST_CATEGORY_KEY)).toBe('"code"');
    expect(emptyPromptForm().category).toBe('code');
    localStorage.setItem(LAST_CATEGORY_KEY, '{bad json');
    expect(readLastCategory()).toBe('');
  });
});

describe('the text editor rules (doc 2 §4.9)', () => {
  it('saves only a changed, non-blank text', () => {
    expect(shouldSaveText('new', 'old')).toBe(true);
    expect(shouldSaveText('old', 'old')).toBe(false);
    expect(shouldSaveText('   ', 'old')).toBe(false);
  });

  it('grows from 3 to 14 rows', () => {
    expect(editorRows('one')).toBe(3);
    expect(editorRows('1\n2\n3\n4\n5')).toBe(5);
    expect(editorRows('\n'.repeat(40))).toBe(14);
  });
});
