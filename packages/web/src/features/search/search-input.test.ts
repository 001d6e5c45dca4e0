import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSearchInput, searchPath } from './search-input.ts';

function setup() {
  const calls: string[] = [];
  const input = createSearchInput({
    onTyping: (typing) => calls.push(`typing:${typing}`),
    onSubmit: (q) => calls.push(`submit:${q}`),
    onClear: () => calls.push('clear'),
  });
  return { calls, input };
}

describe('search input', () => {
  afterEach(() => vi.useRealTimers());

  it('submits 500 ms after the last keystroke, typing in between', () => {
    vi.useFakeTimers();
    const { calls, input } = setup();
    input.change('h');
    input.change('he');
    vi.advanceTimersByTime(499);
    input.change('hello ');
    vi.advanceTimersByTime(499);
    expect(calls).toEqual(['typing:true', 'typing:true', 'typing:true']);
    vi.advanceTimersByTime(1);
    expect(calls.slice(3)).toEqual(['typing:false', 'submit:hello']);
  });

  it('clearing the text leaves search at once and drops the pending query', () => {
    vi.useFakeTimers();
    const { calls, input } = setup();
    input.change('abc');
    input.change('');
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual(['typing:true', 'typing:false', 'clear']);
  });

  it('Backspace on an empty field leaves search', () => {
    const { calls, input } = setup();
    input.backspaceOnEmpty();
    expect(calls).toEqual(['typing:false', 'clear']);
  });

  it('puts the query in the address', () => {
    expect(searchPath('a b&c')).toBe('/search?q=a%20b%26c');
  });
});
