import type { Rng } from '../prng.ts';
import type { Timing } from '../script.ts';

/**
 * Absolute emit deadlines for content chunk i: `t0 + ttft + i·interval (+ seeded jitter)`. Offsets
 * (stalls) shift every later deadline.
 */
export function deadlines(timing: Timing, r: Rng) {
  const interval = timing.tokensPerSec ? 1000 / timing.tokensPerSec : (timing.interChunkMs ?? 0);
  const ttft = timing.ttftMs ?? 0;
  const jitter = timing.jitterMs ?? 0;
  const extra: number[] = [];
  return {
    interval,
    ttft,
    at(t0: number, i: number): number {
      // Jitter stays monotonic: a chunk never overtakes the one before it.
      while (extra.length <= i) extra.push(jitter ? Math.max(extra[extra.length - 1] ?? 0, r() * jitter) : 0);
      return t0 + ttft + i * interval + extra[i];
    },
  };
}
