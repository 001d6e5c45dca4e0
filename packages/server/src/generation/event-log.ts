import type { SseFrame } from '@parley/schema';

export type FrameListener = (seq: number, frame: SseFrame) => void;

/**
 * The per-generation event log (DESIGN §1.4): frames get increasing sequence numbers; readers
 * can follow from any point. Memory now; a Redis implementation can stand behind the same shape.
 */
export interface EventLog {
  append(frame: SseFrame): number;
  /** Replay frames with seq > `after`, then deliver live ones; `onEnd` fires once closed. */
  subscribe(after: number, onFrame: FrameListener, onEnd: () => void): () => void;
  close(): void;
  readonly closed: boolean;
}

export function memoryEventLog(): EventLog {
  const frames: SseFrame[] = [];
  const listeners = new Set<{ onFrame: FrameListener; onEnd: () => void }>();
  let closed = false;
  return {
    append(frame) {
      if (closed) throw new Error('event log is closed');
      frames.push(frame);
      const seq = frames.length;
      for (const l of listeners) l.onFrame(seq, frame);
      return seq;
    },
    subscribe(after, onFrame, onEnd) {
      for (let i = Math.max(0, after); i < frames.length; i++) onFrame(i + 1, frames[i]);
      if (closed) {
        onEnd();
        return () => {};
      }
      const listener = { onFrame, onEnd };
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      if (closed) return;
      closed = true;
      for (const l of listeners) l.onEnd();
      listeners.clear();
    },
    get closed() {
      return closed;
    },
  };
}
