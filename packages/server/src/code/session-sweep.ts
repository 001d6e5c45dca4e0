import { CODE_SESSION_IDLE_MS, CODE_SESSION_SWEEP_INTERVAL_MS } from './limits.ts';
import type { CodeExecutor } from './types.ts';

/**
 * Removes idle sandbox sessions now and every CODE_SESSION_SWEEP_INTERVAL_MS (docs/sandbox.md
 * "Sessions"): a conversation's files stay in its session while it is in use, and a deleted
 * conversation's session goes once it has been idle for CODE_SESSION_IDLE_MS. `stop` ends it.
 */
export function startSessionSweep(
  executor: Pick<CodeExecutor, 'sweepSessions'>,
  log: { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void },
  opts: { idleMs?: number; intervalMs?: number } = {},
): { stop(): void; running(): Promise<void> } {
  const idleMs = opts.idleMs ?? CODE_SESSION_IDLE_MS;
  let current: Promise<void> = Promise.resolve();
  const run = () => {
    current = executor
      .sweepSessions(idleMs)
      .then((count) => {
        if (count > 0) log.info({ count }, 'removed idle code sessions');
      })
      .catch((err) => log.error({ err }, 'code session cleanup failed'));
  };
  run();
  const timer = setInterval(run, opts.intervalMs ?? CODE_SESSION_SWEEP_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), running: () => current };
}
