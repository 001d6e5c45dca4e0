import { existsSync } from 'node:fs';
import {
  CODE_CPU_SECONDS,
  CODE_MAX_FILE_BYTES,
  CODE_MAX_OPEN_FILES,
  CODE_MAX_PROCESSES,
  CODE_MEMORY_BYTES,
  CODE_TMP_BYTES,
} from './limits.ts';
import { runSandboxProcess } from './sandbox-process.ts';
import type { Availability, CodeEngine, EngineRequest } from './types.ts';
import { overQuota } from './workdir.ts';

/** Debian's CPython (with python3-numpy, -pandas, -matplotlib), never a pyenv or venv one. */
export const NATIVE_PYTHON = '/usr/bin/python3';
const BWRAP_PATHS = ['/usr/bin/bwrap', '/usr/local/bin/bwrap'];
const PRLIMIT = '/usr/bin/prlimit';
/** Where the working directory appears inside the sandbox (LibreChat's path). */
export const SANDBOX_WORKDIR = '/mnt/data';

export interface NativeOptions {
  /** Run the sandbox as this user when the server is root (RLIMIT_NPROC does not bind root). */
  runAs: { uid: number; gid: number } | null;
}

/** The bwrap command line: nothing of the host but read-only /usr and a few /etc files, no network. */
export function bwrapArgs(dir: string, timeoutMs: number): string[] {
  const cpu = Math.min(CODE_CPU_SECONDS, Math.ceil(timeoutMs / 1000) + 1);
  return [
    '--unshare-all', // user, pid, net, ipc, uts, cgroup namespaces: no network at all
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    '--hostname',
    'sandbox',
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--symlink',
    'usr/sbin',
    '/sbin',
    // BLAS/LAPACK are chosen through /etc/alternatives; fonts and matplotlib's defaults live in /etc.
    '--ro-bind-try',
    '/etc/alternatives',
    '/etc/alternatives',
    '--ro-bind-try',
    '/etc/ld.so.cache',
    '/etc/ld.so.cache',
    '--ro-bind-try',
    '/etc/fonts',
    '/etc/fonts',
    '--ro-bind-try',
    '/etc/matplotlibrc',
    '/etc/matplotlibrc',
    '--ro-bind-try',
    '/etc/localtime',
    '/etc/localtime',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(CODE_TMP_BYTES),
    '--tmpfs',
    '/tmp',
    '--bind',
    dir,
    SANDBOX_WORKDIR,
    // The root (bwrap's own tmpfs holding the mount points) becomes read-only: writable are only
    // the working directory and the size-capped /tmp.
    '--remount-ro',
    '/',
    '--chdir',
    SANDBOX_WORKDIR,
    ...['HOME=/tmp', 'PATH=/usr/bin:/bin', 'LANG=C.UTF-8', 'MPLBACKEND=Agg', 'MPLCONFIGDIR=/tmp']
      .concat([
        'OPENBLAS_NUM_THREADS=1',
        'OMP_NUM_THREADS=1',
        'PYTHONDONTWRITEBYTECODE=1',
        'PYTHONUNBUFFERED=1',
      ])
      .flatMap((kv) => ['--setenv', ...kv.split('=')]),
    '--',
    // Limits are set inside the sandbox so RLIMIT_NPROC counts only this run's user namespace.
    PRLIMIT,
    `--cpu=${cpu}`,
    `--as=${CODE_MEMORY_BYTES}`,
    `--nproc=${CODE_MAX_PROCESSES}`,
    `--fsize=${CODE_MAX_FILE_BYTES}`,
    `--nofile=${CODE_MAX_OPEN_FILES}`,
    '--core=0',
    '--',
    NATIVE_PYTHON,
    '-u',
    '-', // the program comes on stdin, so nothing of it is left in the working directory
  ];
}

export function nativeEngine(opts: NativeOptions): CodeEngine {
  const bwrap = BWRAP_PATHS.find((p) => existsSync(p));
  let probed: Promise<Availability> | null = null;
  const exec = (req: EngineRequest) =>
    runSandboxProcess({
      command: bwrap!,
      args: bwrapArgs(req.dir, req.timeoutMs),
      cwd: req.dir,
      env: {},
      input: req.code,
      timeoutMs: req.timeoutMs,
      signal: req.signal,
      uid: opts.runAs?.uid,
      gid: opts.runAs?.gid,
      watch: () => overQuota(req.dir),
    });
  return {
    name: 'native',
    exec,
    probe() {
      probed ??= (async (): Promise<Availability> => {
        if (process.platform !== 'linux') return { ok: false, reason: 'bubblewrap needs Linux' };
        if (!bwrap) return { ok: false, reason: 'bubblewrap is not installed (apt-get install bubblewrap)' };
        if (!existsSync(NATIVE_PYTHON))
          return { ok: false, reason: `${NATIVE_PYTHON} is missing (apt-get install python3)` };
        if (!existsSync(PRLIMIT)) return { ok: false, reason: `${PRLIMIT} is missing (util-linux)` };
        const { mkdtemp, rm, chown } = await import('node:fs/promises');
        const { tmpdir } = await import('node:os');
        const path = await import('node:path');
        const dir = await mkdtemp(path.join(tmpdir(), 'parley-code-probe-'));
        try {
          if (opts.runAs) await chown(dir, opts.runAs.uid, opts.runAs.gid);
          const r = await exec({ lang: 'py', code: 'print("probe-ok")', dir, timeoutMs: 10_000 });
          if (r.status !== 'ok' || !r.stdout.includes('probe-ok')) {
            return {
              ok: false,
              reason: `bubblewrap cannot start a sandbox here (user namespaces may be blocked, e.g. by a container's seccomp profile): ${(r.stderr || r.reason || r.stdout).trim().slice(0, 300)}`,
            };
          }
          return { ok: true, langs: ['py'] };
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      })();
      return probed;
    },
  };
}
