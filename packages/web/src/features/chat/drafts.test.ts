import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearAllDrafts,
  clearDraft,
  createDraftSaver,
  draftKeyFor,
  readDraft,
  readDraftData,
  writeDraft,
} from './drafts.ts';

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

  it('stores the text with the attached file ids, and reads older text-only drafts', () => {
    writeDraft('c1', 'with files', ['file-1', 'file-2']);
    expect(readDraftData('c1')).toEqual({ text: 'with files', files: ['file-1', 'file-2'] });
    localStorage.setItem('draft:old', JSON.stringify('legacy text'));
    expect(readDraftData('old')).toEqual({ text: 'legacy text', files: [] });
    localStorage.setItem('draft:bad', '{"text":5,"files":"x"}');
    expect(readDraftData('bad')).toEqual({ text: '', files: [] });
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

  it('flushes the waiting save when switching away', () => {
    vi.useFakeTimers();
    const saver = createDraftSaver(750);
    saver.schedule('c1', 'typed just now');
    saver.flush();
    expect(readDraft('c1')).toBe('typed just now');
    vi.advanceTimersByTime(1000);
    expect(readDraft('c1')).toBe('typed just now');
  });

  it('clears a draft 2500 ms after a send, unless typing starts again', () => {
    vi.useFakeTimers();
    const saver = createDraftSaver(750, 2500);
    writeDraft('c1', 'sent text');
    saver.schedule('c1', 'sent text!');
    saver.clearAfterSend('c1');
    vi.advanceTimersByTime(2499);
    expect(readDraft('c1')).toBe('sent text');
    vi.advanceTimersByTime(1);
    expect(readDraft('c1')).toBe('');

    writeDraft('c2', 'sent');
    saver.clearAfterSend('c2');
    vi.advanceTimersByTime(1000);
    saver.schedule('c2', 'next message');
    vi.advanceTimersByTime(5000);
    expect(readDraft('c2')).toBe('next message');
  });

  it("keys a chat by its id, 'pending' while a new chat submits, else 'new'", () => {
    expect(draftKeyFor('abc', true)).toBe('abc');
    expect(draftKeyFor(null, true)).toBe('pending');
    expect(draftKeyFor(null, false)).toBe('new');
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
