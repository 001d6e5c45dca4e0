import { describe, expect, it } from 'vitest';
import { createFrameBatcher, type FrameScheduler } from './frame-batcher.ts';

function manualScheduler() {
  const callbacks = new Map<number, () => void>();
  let next = 1;
  const scheduler: FrameScheduler = {
    request: (cb) => {
      callbacks.set(next, cb);
      return next++;
    },
    cancel: (h) => {
      callbacks.delete(h);
    },
  };
  const tick = () => {
    const due = [...callbacks.values()];
    callbacks.clear();
    for (const cb of due) cb();
  };
  return { scheduler, tick, scheduled: () => callbacks.size };
}

describe('createFrameBatcher', () => {
  it('flushes once per frame with everything queued in order', () => {
    const { scheduler, tick, scheduled } = manualScheduler();
    const batches: number[][] = [];
    const batcher = createFrameBatcher<number>((b) => batches.push(b), scheduler);
    batcher.push(1);
    batcher.push(2);
    batcher.push(3);
    expect(scheduled()).toBe(1);
    expect(batches).toEqual([]);
    tick();
    expect(batches).toEqual([[1, 2, 3]]);
    batcher.push(4);
    tick();
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('flushNow delivers immediately and cancels the scheduled frame', () => {
    const { scheduler, tick, scheduled } = manualScheduler();
    const batches: string[][] = [];
    const batcher = createFrameBatcher<string>((b) => batches.push(b), scheduler);
    batcher.push('a');
    batcher.flushNow();
    expect(batches).toEqual([['a']]);
    expect(scheduled()).toBe(0);
    tick();
    expect(batches).toEqual([['a']]);
    batcher.flushNow();
    expect(batches).toHaveLength(1);
  });

  it('cancel drops pending items', () => {
    const { scheduler, tick } = manualScheduler();
    const batches: number[][] = [];
    const batcher = createFrameBatcher<number>((b) => batches.push(b), scheduler);
    batcher.push(1);
    expect(batcher.pending).toBe(1);
    batcher.cancel();
    tick();
    expect(batches).toEqual([]);
    expect(batcher.pending).toBe(0);
  });
});
