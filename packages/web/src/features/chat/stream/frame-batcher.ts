/** Something that runs a callback before the next paint (requestAnimationFrame in the browser). */
export type FrameScheduler = {
  request: (callback: () => void) => number;
  cancel: (handle: number) => void;
};

export const animationFrameScheduler: FrameScheduler =
  typeof requestAnimationFrame === 'function'
    ? {
        request: (callback) => requestAnimationFrame(() => callback()),
        cancel: (handle) => cancelAnimationFrame(handle),
      }
    : {
        request: (callback) => setTimeout(callback, 16) as unknown as number,
        cancel: (handle) => clearTimeout(handle),
      };

export type FrameBatcher<T> = {
  /** Queue an item; the first item of a frame schedules one flush. */
  push: (item: T) => void;
  /** Flush now (terminal frames must not wait for the next paint). */
  flushNow: () => void;
  /** Drop everything queued and the scheduled flush. */
  cancel: () => void;
  readonly pending: number;
};

/**
 * Buffer items and hand them to `flush` at most once per animation frame. One flush per frame
 * instead of one store write per token keeps render cost independent of the token rate
 * (DESIGN §1.5). When the tab is hidden, frames pause and items wait for the next flush.
 */
export function createFrameBatcher<T>(
  flush: (batch: T[]) => void,
  scheduler: FrameScheduler = animationFrameScheduler,
): FrameBatcher<T> {
  let queue: T[] = [];
  let handle: number | null = null;

  const run = () => {
    handle = null;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    flush(batch);
  };

  return {
    push(item) {
      queue.push(item);
      if (handle === null) handle = scheduler.request(run);
    },
    flushNow() {
      if (handle !== null) {
        scheduler.cancel(handle);
        handle = null;
      }
      run();
    },
    cancel() {
      if (handle !== null) scheduler.cancel(handle);
      handle = null;
      queue = [];
    },
    get pending() {
      return queue.length;
    },
  };
}
