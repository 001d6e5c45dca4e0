import { DELTA_COALESCE_MS } from '@parley/schema';

export type DeltaKind = 'text' | 'think';

/**
 * Merges provider deltas into at most one frame per window (DESIGN §1.5). A delta that arrives
 * after a quiet window goes out at once, so the first token is never delayed.
 */
export function deltaCoalescer(emit: (kind: DeltaKind, text: string) => void, windowMs = DELTA_COALESCE_MS) {
  let pendingKind: DeltaKind | null = null;
  let pending = '';
  let lastEmit = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | null = null;

  const flush = () => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (pendingKind && pending) {
      emit(pendingKind, pending);
      lastEmit = performance.now();
    }
    pendingKind = null;
    pending = '';
  };

  return {
    push(kind: DeltaKind, text: string) {
      if (!text) return;
      if (pendingKind && pendingKind !== kind) flush();
      pendingKind = kind;
      pending += text;
      const wait = lastEmit + windowMs - performance.now();
      if (wait <= 0) flush();
      else timer ??= setTimeout(flush, wait);
    },
    flush,
  };
}
