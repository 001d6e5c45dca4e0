import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNearBottom, throttle, wantsScrollButton } from './use-stick-to-bottom.ts';

const box = (distance: number, clientHeight = 1000) => ({
  scrollHeight: 10_000,
  clientHeight,
  scrollTop: 10_000 - clientHeight - distance,
});

describe('scroll thresholds (doc 1 §9)', () => {
  it('follows a growing reply within 50 px of the bottom only', () => {
    expect(isNearBottom(box(0))).toBe(true);
    expect(isNearBottom(box(50))).toBe(true);
    expect(isNearBottom(box(51))).toBe(false);
  });

  it('offers the button once more than 15 % of a screen from the bottom (threshold 0.85)', () => {
    expect(wantsScrollButton(box(150, 1000))).toBe(false);
    expect(wantsScrollButton(box(151, 1000))).toBe(true);
    expect(wantsScrollButton(box(76, 500))).toBe(true);
    expect(wantsScrollButton(box(75, 500))).toBe(false);
  });
});

describe('throttle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the first call at once and folds calls inside the window into one at its end', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 145);
    throttled();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(50);
    throttled();
    throttled();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(94);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    // A call after a quiet window runs immediately again.
    vi.advanceTimersByTime(200);
    throttled();
    expect(fn).toHaveBeenCalledTimes(3);
  });
});
