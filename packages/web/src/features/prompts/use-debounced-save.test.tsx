import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedSave } from './use-debounced-save.ts';

describe('debounced saves (doc 2 §5.9: oneliner and command, 950 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('saves the last value once typing has paused for 950 ms', () => {
    const saved: string[] = [];
    const { result } = renderHook(() => useDebouncedSave((v: string) => saved.push(v), 950));
    act(() => result.current.schedule('a'));
    act(() => vi.advanceTimersByTime(900));
    act(() => result.current.schedule('ab'));
    act(() => vi.advanceTimersByTime(949));
    expect(saved).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(saved).toEqual(['ab']);
    act(() => vi.advanceTimersByTime(5000));
    expect(saved).toEqual(['ab']);
  });

  it('flush saves at once; cancel forgets; leaving the page saves what is pending', () => {
    const saved: string[] = [];
    const { result, unmount } = renderHook(() => useDebouncedSave((v: string) => saved.push(v), 950));
    act(() => result.current.schedule('now'));
    act(() => result.current.flush());
    expect(saved).toEqual(['now']);
    act(() => result.current.schedule('dropped'));
    act(() => result.current.cancel());
    act(() => vi.advanceTimersByTime(2000));
    expect(saved).toEqual(['now']);
    act(() => result.current.schedule('kept'));
    unmount();
    expect(saved).toEqual(['now', 'kept']);
  });

  it('calls the latest save function', () => {
    const calls: string[] = [];
    const { result, rerender } = renderHook(
      ({ tag }) => useDebouncedSave((v: string) => calls.push(`${tag}:${v}`), 950),
      {
        initialProps: { tag: 'first' },
      },
    );
    act(() => result.current.schedule('x'));
    rerender({ tag: 'second' });
    act(() => vi.advanceTimersByTime(950));
    expect(calls).toEqual(['second:x']);
  });
});
