import { describe, expect, it } from 'vitest';
import { editKeyAction } from './edit-keys.ts';

const key = (
  k: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; isComposing: boolean }> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('editKeyAction', () => {
  it('Ctrl or Cmd+Enter resubmits a user message', () => {
    expect(editKeyAction(key('Enter', { ctrlKey: true }), true)).toBe('submit');
    expect(editKeyAction(key('Enter', { metaKey: true }), true)).toBe('submit');
  });

  it('Ctrl+Enter saves where resubmitting is not offered', () => {
    expect(editKeyAction(key('Enter', { ctrlKey: true }), false)).toBe('save');
  });

  it('Shift+Enter saves in place; Enter alone is a new line', () => {
    expect(editKeyAction(key('Enter', { shiftKey: true }), true)).toBe('save');
    expect(editKeyAction(key('Enter'), true)).toBeNull();
    expect(editKeyAction(key('a', { ctrlKey: true }), true)).toBeNull();
  });

  it('Escape cancels; an IME composition is left alone', () => {
    expect(editKeyAction(key('Escape'), true)).toBe('cancel');
    expect(editKeyAction(key('Enter', { ctrlKey: true, isComposing: true }), true)).toBeNull();
  });
});
