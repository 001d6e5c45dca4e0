import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAllDrafts, clearDraft, createDraftSaver, readDraft, writeDraft } from './drafts.ts';

describe('drafts', () => {
  afterEach(() => {
    localStorage.clear();
    vi.useRealTimers();
  });

  it('keeps drafts longer than one character per key', () => {
    writeDraft('c1', 'hello');
    writeDraft('c2', 'x');
    expect(readDraft('c1')).toBe('hello');
    expect(readDraft('c2')).toBe('');
    clearDraft('c1');
    expect(readDraft('c1')).toBe('');
  });

  it('saves after the debounce only', () => {
    vi.useFakeTimers();
    const saver = createDraftSaver(750);
    saver.schedule('c1', 'first');
    saver.schedule('c1', 'second');
    vi.advanceTimersByTime(700);
    expect(readDraft('c1')).toBe('');
    vi.advanceTimersByTime(100);
    expect(readDraft('c1')).toBe('second');
    saver.schedule('c1', 'third');
    saver.cancel();
    vi.advanceTimersByTime(1000);
    expect(readDraft('c1')).toBe('second');
  });
});

describe('clearAllDrafts', () => {
  it('removes every draft and nothing else', () => {
    writeDraft('new', 'hello there');
    writeDraft('abc', 'another draft');
    localStorage.setItem('theme', '"dark"');
    clearAllDrafts();
    expect(readDraft('new')).toBe('');
    expect(readDraft('abc')).toBe('');
    expect(localStorage.getItem('theme')).toBe('"dark"');
  });
});
