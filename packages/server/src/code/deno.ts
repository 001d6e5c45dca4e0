import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DENO_PYTHON_RUNNER } from './deno-python-runner.ts';
import {
  CODE_CPU_SECONDS,
  CODE_DENO_HEAP_MB,
  CODE_MAX_FILE_BYTES,
  CODE_MAX_OPEN_FILES,
  CODE_MEMORY_BYTES,
} from './limits.ts';
import { runSandboxProcess } from './sandbox-process.ts';
import type { Availability, CodeEngine, CodeLang, EngineRequest } from './types.ts';
import { overQuota } from './workdir.ts';

const require = createRequire(import.meta.url);
const PRLIMIT = '/usr/bin/prlimit';

/** The deno binary the `deno` npm package installed (its platform package), or null. */
export function denoBinary(): string | null {
  for (const pkg of [`@deno/${process.platform}-${process.arch}-glibc`, 'deno']) {
    try {
      const bin = path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'deno');
      if (existsSync(bin)) return bin;
    } catch {}
  }
  return null;
}

/** The folder of the `pyodide` npm package (pyodide.mjs, pyodide.asm.wasm, python_stdlib.zip), or null. */
export function pyodideDir(): string | null {
  try {
    return path.dirname(require.resolve('pyodide/package.json'));
  } catch {
    return null;
  }
}

export interface DenoOptions {
  /** Run as this user when the server is root. */
  runAs: { uid: number; gid: number } | null;
  /** DENO_DIR, Deno's own cache (owned by the sandbox user; the code has no permission on it). */
  cacheDir: string;
  /** The Python runner and Pyodide's snapshot (owned by the server; sandboxes may only read them). */
  runtimeDir: string;
  /** Offer Python through Pyodide (false: JS/TS only, Pyodide is not started). */
  python: boolean;
}

/** What a Python run reads besides its working dir. */
export interface PythonRuntime {
  pyodide: string;
  runner: string;
  snapshot: string | null;
}

/** Deno flags: deny everything but reading and writing the working dir (and, for Python, reading Pyodide). */
export function denoArgs(lang: CodeLang, dir: string, py: PythonRuntime | null): string[] {
  const common = [
    'run',
    '--no-prompt',
    '--no-config',
    '--no-remote',
    '--no-npm',
    '--no-lock',
    `--v8-flags=--max-old-space-size=${CODE_DENO_HEAP_MB}`,
    `--allow-write=${dir}`,
  ];
  if (lang === 'py' && py) {
    const snap = py.snapshot ? [py.snapshot] : [];
    const read = [dir, py.pyodide, py.runner, ...snap].join(',');
    return [...common, `--allow-read=${read}`, py.runner, py.pyodide, dir, ...snap];
  }
  return [...common, `--allow-read=${dir}`, `--ext=${lang}`, '-'];
}

export function denoEngine(opts: DenoOptions): CodeEngine {
  const deno = denoBinary();
  const pyodide = pyodideDir();
  let probed: Promise<Availability> | null = null;
  /** Set by the probe when Pyodide is installed; its snapshot is null when it could not be made. */
  let python: PythonRuntime | null = null;
  const exec = async (req: EngineRequest) => {
    const cpu = Math.min(CODE_CPU_SECONDS, Math.ceil(req.timeoutMs / 1000) + 1);
    // No RLIMIT_AS: V8 reserves large address ranges and Deno would not start. Memory is held by
    // the V8 heap flag and the RSS watchdog instead.
    const limits = [
      `--cpu=${cpu}`,
      `--fsize=${CODE_MAX_FILE_BYTES}`,
      `--nofile=${CODE_MAX_OPEN_FILES}`,
      '--core=0',
    ];
    return runSandboxProcess({
      command: PRLIMIT,
      args: [...limits, '--', deno!, ...denoArgs(req.lang, req.dir, python)],
      cwd: req.dir,
      env: { DENO_DIR: opts.cacheDir, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
      input: req.code,
      timeoutMs: req.timeoutMs,
      signal: req.signal,
      uid: opts.runAs?.uid,
      gid: opts.runAs?.gid,
      maxRssBytes: CODE_MEMORY_BYTES,
      watch: () => overQuota(req.dir),
    });
  };
  return {
    name: 'deno',
    exec,
    probe() {
      probed ??= (async (): Promise<Availability> => {
        if (!deno)
          return { ok: false, reason: 'the deno npm package (and its platform binary) is not installed' };
        if (!existsSync(PRLIMIT)) return { ok: false, reason: `${PRLIMIT} is missing (util-linux)` };
        await mkdir(opts.cacheDir, { recursive: true });
        if (opts.runAs) await chown(opts.cacheDir, opts.runAs.uid, opts.runAs.gid);
        await mkdir(opts.runtimeDir, { recursive: true, mode: 0o755 });
        const dir = await mkdtemp(path.join(tmpdir(), 'parley-code-probe-'));
        try {
          if (opts.runAs) await chown(dir, opts.runAs.uid, opts.runAs.gid);
          const js = await exec({
            lang: 'ts',
            code: 'const n: number = 1; console.log("probe-ok", n)',
            dir,
            timeoutMs: 15_000,
          });
          if (js.status !== 'ok' || !js.stdout.includes('probe-ok')) {
            return {
              ok: false,
              reason: `deno did not run: ${(js.stderr || js.reason || '').trim().slice(0, 300)}`,
            };
          }
          const langs: CodeLang[] = ['js', 'ts'];
          const notes: string[] = [];
          if (opts.python && pyodide) {
            const runner = path.join(opts.runtimeDir, 'python-runner.js');
            await writeFile(runner, DENO_PYTHON_RUNNER, { mode: 0o644 });
            python = { pyodide, runner, snapshot: null };
            python.snapshot = await makeSnapshot(deno, python, opts).catch(() => null);
            const py = await exec({ lang: 'py', code: 'print("probe-ok")', dir, timeoutMs: 60_000 });
            if (py.status === 'ok' && py.stdout.includes('probe-ok')) langs.push('py');
            else notes.push(`Pyodide did not run: ${(py.reason || py.stderr).trim().slice(-300)}`);
          } else if (opts.python) notes.push('the pyodide npm package is not installed');
          return { ok: true, langs, notes };
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      })();
      return probed;
    },
  };
}

/**
 * Starts Pyodide once in Deno (read: Pyodide, write: only the snapshot file) and saves its memory
 * snapshot; Python runs load it instead of booting the interpreter (seconds → a few hundred ms).
 */
async function makeSnapshot(deno: string, py: PythonRuntime, opts: DenoOptions): Promise<string | null> {
  const { version } = require('pyodide/package.json') as { version: string };
  const file = path.join(opts.runtimeDir, `pyodide-${version}.snapshot`);
  if (existsSync(file)) return file;
  // Deno (as the sandbox user) writes into its cache folder; the server then takes the file over.
  const tmp = path.join(opts.cacheDir, `pyodide-${version}.${process.pid}.tmp`);
  const r = await runSandboxProcess({
    command: deno,
    args: [
      'run',
      '--no-prompt',
      '--no-config',
      '--no-remote',
      '--no-npm',
      '--no-lock',
      `--allow-read=${py.pyodide},${py.runner}`,
      `--allow-write=${tmp}`,
      py.runner,
      py.pyodide,
      '--make-snapshot',
      tmp,
    ],
    cwd: opts.cacheDir,
    env: { DENO_DIR: opts.cacheDir, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
    input: '',
    timeoutMs: 120_000,
    uid: opts.runAs?.uid,
    gid: opts.runAs?.gid,
  });
  if (r.status !== 'ok' || !existsSync(tmp)) return null;
  // The server owns the snapshot; sandboxes may only read it.
  if (opts.runAs) await chown(tmp, process.getuid!(), process.getgid!());
  await chmod(tmp, 0o644);
  await rename(tmp, file);
  return file;
}
