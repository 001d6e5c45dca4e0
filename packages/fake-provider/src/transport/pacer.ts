import { performance } from 'node:perf_hooks';

/**
 * Cancellable waits against absolute deadlines (providers.md §10.4): callers compute
 * `t0 + i·interval` from performance.now(), so timer lateness never accumulates into drift.
 */
export class Pacer {
  cancelled = false;
  private timer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;

  /** `virtual`: every paced wait returns at once (fast tests); `real` waits ignore it. */
  constructor(private readonly virtual: boolean) {}

  now(): number {
    return performance.now();
  }

  /** Wait until `deadline` (a performance.now() value); false when cancelled meanwhile. */
  until(deadline: number): Promise<boolean> {
    if (this.virtual) return Promise.resolve(!this.cancelled);
    return this.real(deadline - performance.now());
  }

  /** A wait that virtual time does not shorten (stall faults, Gemini's isolation pause). */
  real(ms: number): Promise<boolean> {
    if (this.cancelled) return Promise.resolve(false);
    if (ms <= 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      this.wake = () => resolve(false);
      this.timer = setTimeout(() => {
        this.wake = undefined;
        resolve(!this.cancelled);
      }, ms);
    });
  }

  /** Stop at once: pending waits resolve false and the runner returns. */
  cancel(): void {
    this.cancelled = true;
    clearTimeout(this.timer);
    this.wake?.();
    this.wake = undefined;
  }
}
