import { afterEach, describe, expect, it, vi } from 'vitest';
import { deltaCoalescer } from './coalescer.ts';

describe('deltaCoalescer', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the first delta at once and merges the rest of the window', () => {
    vi.useFakeTimers();
    const out: [string, string][] = [];
    const c = deltaCoalescer((k, t) => out.push([k, t]), 25);
    c.push('text', 'Hel');
    expect(out).toEqual([['text', 'Hel']]);
    c.push('text', 'lo');
    c.push('text', ' world');
    expect(out).toHaveLength(1);
    vi.advanceTimersByTime(25);
    expect(out).toEqual([
      ['text', 'Hel'],
      ['text', 'lo world'],
    ]);
  });

  it('flushes when the kind changes so think and text never mix', () => {
    vi.useFakeTimers();
    const out: [string, string][] = [];
    const c = deltaCoalescer((k, t) => out.push([k, t]), 25);
    c.push('think', 'a');
    c.push('think', 'b');
    c.push('text', 'c');
    c.flush();
    expect(out).toEqual([
      ['think', 'a'],
      ['think', 'b'],
      ['text', 'c'],
    ]);
  });

  it('loses nothing on the final flush', () => {
    vi.useFakeTimers();
    let text = '';
    const c = deltaCoalescer((_k, t) => {
      text += t;
    }, 25);
    for (const w of 'the quick brown fox'.split(' ')) c.push('text', `${w} `);
    c.flush();
    expect(text).toBe('the quick brown fox ');
  });
});
