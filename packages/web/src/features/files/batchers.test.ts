import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeleteBatcher, createErrorBatcher, slowUploadDelay } from './batchers.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createErrorBatcher (doc 1 §6, §9)', () => {
  it('shows errors arriving within 250 ms together, once each', () => {
    const show = vi.fn();
    const errors = createErrorBatcher(show);
    errors.push('a');
    vi.advanceTimersByTime(100);
    errors.push('b');
    errors.push('a');
    vi.advanceTimersByTime(149);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledExactlyOnceWith(['a', 'b']);
    errors.push('c');
    vi.advanceTimersByTime(250);
    expect(show).toHaveBeenLastCalledWith(['c']);
  });
});

describe('createDeleteBatcher (doc 1 §4, §9)', () => {
  it('sends one batch 1 s after the last removal', async () => {
    const send = vi.fn(async () => undefined);
    const queue = createDeleteBatcher(send);
    queue.queue({ file_id: 'a' });
    vi.advanceTimersByTime(900);
    queue.queue({ file_id: 'b' });
    queue.queue({ file_id: 'a' });
    vi.advanceTimersByTime(999);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledExactlyOnceWith([{ file_id: 'a' }, { file_id: 'b' }]);
    expect(queue.size).toBe(0);
  });

  it('sends what waits at once on flush, and nothing when empty', () => {
    const send = vi.fn(async () => undefined);
    const queue = createDeleteBatcher(send);
    queue.flush();
    expect(send).not.toHaveBeenCalled();
    queue.queue({ file_id: 'x' });
    queue.flush();
    expect(send).toHaveBeenCalledExactlyOnceWith([{ file_id: 'x' }]);
    vi.advanceTimersByTime(2000);
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('slowUploadDelay (doc 1 §9)', () => {
  it('is 5000 ms plus 2000 ms per whole MB', () => {
    expect(slowUploadDelay(0)).toBe(5000);
    expect(slowUploadDelay(999_999)).toBe(5000);
    expect(slowUploadDelay(3_500_000)).toBe(11_000);
  });
});
