import { describe, expect, it } from 'vitest';
import { slidingWindow } from './window.ts';

describe('slidingWindow', () => {
  it('allows max events per window and frees slots as they age out', () => {
    const w = slidingWindow(2, 1000);
    expect(w.hit('a', 0)).toBe(true);
    expect(w.hit('a', 10)).toBe(true);
    expect(w.hit('a', 20)).toBe(false);
    expect(w.hit('b', 20)).toBe(true);
    expect(w.hit('a', 1001)).toBe(true);
  });
});
