import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { CODE_MAX_OUTPUT_BYTES, CODE_WATCHDOG_INTERVAL_MS } from './limits.ts';
import type { EngineOutcome } from './types.ts';

/** One sandboxed child: a command that already confines itself (bwrap, Deno's permissions). */
export interface SandboxProcessOptions {
  command: string;
  args: string[];
  cwd: string;
  /** The whole environment of the child (nothing of the server's is passed on). */
  env: Record<string, string>;
  /** Given as stdin, then stdin is closed. */
  input: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Run as this uid/gid (used when the server runs as root). */
  uid?: number;
  gid?: number;
  /** Kill when the child's resident memory passes this many bytes (polled). */
  maxRssBytes?: number;
  /** Polled with the RSS check; a string is a reason to kill the run (e.g. the work dir is full). */
  watch?: () => Promise<string | null>;
}

class CappedText {
  private chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  push(b: Buffer) {
    if (this.size >= CODE_MAX_OUTPUT_BYTES) {
      this.truncated = true;
      return;
    }
    const room = CODE_MAX_OUTPUT_BYTES - this.size;
    if (b.length > room) {
      this.truncated = true;
      b = b.subarray(0, room);
    }
    this.chunks.push(b);
    this.size += b.length;
  }
  text() {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/** Resident memory of a process in bytes, or 0 when it is gone. */
export async function rssOf(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const m = /VmRSS:\s+(\d+) kB/.exec(status);
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Runs the child in its own process group and ends it — the whole group, with SIGKILL — on the
 * wall clock, on abort, or when a watchdog trips. Output is capped; the promise never rejects for
 * anything the child does.
 */
export function runSandboxProcess(opts: SandboxProcessOptions): Promise<EngineOutcome> {
  return new Promise((resolve) => {
    const stdout = new CappedText();
    const stderr = new CappedText();
    let ended: { status: EngineOutcome['status']; reason: string } | null = null;
    const child = spawn(opts.command, opts.args, {
      cwd: opts.cwd,
      env: opts.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      uid: opts.uid,
      gid: opts.gid,
    });
    const kill = (status: EngineOutcome['status'], reason: string) => {
      if (ended) return;
      ended = { status, reason };
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(
      () => kill('timeout', `The run took longer than ${opts.timeoutMs} ms and was stopped.`),
      opts.timeoutMs,
    );
    const onAbort = () => kill('aborted', 'The run was stopped.');
    if (opts.signal?.aborted) queueMicrotask(onAbort);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    let polling = false;
    const poll = setInterval(async () => {
      if (polling || ended || !child.pid) return;
      polling = true;
      try {
        if (opts.maxRssBytes) {
          const rss = await rssOf(child.pid);
          if (rss > opts.maxRssBytes) {
            kill(
              'killed',
              `The run used more than ${Math.round(opts.maxRssBytes / 2 ** 20)} MB of memory and was stopped.`,
            );
          }
        }
        const why = opts.watch ? await opts.watch() : null;
        if (why) kill('killed', why);
      } finally {
        polling = false;
      }
    }, CODE_WATCHDOG_INTERVAL_MS);
    child.stdout.on('data', (b: Buffer) => stdout.push(b));
    child.stderr.on('data', (b: Buffer) => stderr.push(b));
    child.stdin.on('error', () => {}); // the child may exit before reading all of it
    child.stdin.end(opts.input);
    let spawnError: Error | null = null;
    child.on('error', (err) => {
      spawnError = err;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(poll);
      opts.signal?.removeEventListener('abort', onAbort);
      const base = {
        stdout: stdout.text(),
        stderr: stderr.text(),
        truncated: stdout.truncated || stderr.truncated,
      };
      if (ended) return resolve({ ...base, exitCode: null, status: ended.status, reason: ended.reason });
      if (spawnError) {
        return resolve({
          ...base,
          exitCode: null,
          status: 'error',
          reason: `The sandbox did not start: ${spawnError.message}`,
        });
      }
      // bwrap reports a child killed by signal N as exit code 128 + N.
      const sig = signal ?? (code !== null && code > 128 && code < 160 ? code - 128 : null);
      const sigName = typeof sig === 'number' ? sigNames[sig] : sig;
      if (sigName === 'SIGXCPU' || sigName === 'SIGKILL' || sigName === 'SIGXFSZ') {
        const reason =
          sigName === 'SIGXFSZ'
            ? 'The run wrote a file larger than the file size limit and was stopped.'
            : sigName === 'SIGXCPU'
              ? 'The run used up its CPU time and was stopped.'
              : 'The run was killed (a limit was reached).';
        return resolve({ ...base, exitCode: signal ? null : code, status: 'killed', reason });
      }
      resolve({ ...base, exitCode: code, status: code === 0 ? 'ok' : 'error' });
    });
  });
}

const sigNames: Record<number, string> = {
  9: 'SIGKILL',
  24: 'SIGXCPU',
  25: 'SIGXFSZ',
  6: 'SIGABRT',
  11: 'SIGSEGV',
  15: 'SIGTERM',
};
