import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
const RUNNER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'deno-python-runner.js');
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
  /** Deno's own cache (not readable by the code). */
  cacheDir: string;
}

/** Deno flags: deny everything but reading and writing the working dir (and, for Python, reading Pyodide). */
export function denoArgs(
  lang: CodeLang,
  dir: string,
  pyodide: string | null,
  snapshot: string | null = null,
): string[] {
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
  if (lang === 'py') {
    const read = [dir, pyodide, RUNNER, ...(snapshot ? [snapshot] : [])].join(',');
    return [...common, `--allow-read=${read}`, RUNNER, pyodide!, dir, ...(snapshot ? [snapshot] : [])];
  }
  return [...common, `--allow-read=${dir}`, `--ext=${lang}`, '-'];
}

export function denoEngine(opts: DenoOptions): CodeEngine {
  const deno = denoBinary();
  const pyodide = pyodideDir();
  let probed: Promise<Availability> | null = null;
  /** Pyodide's memory snapshot (made once by the probe), or null to start it the slow way. */
  let snapshot: string | null = null;
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
      args: [...limits, '--', deno!, ...denoArgs(req.lang, req.dir, pyodide, snapshot)],
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
          if (pyodide) {
            snapshot = await makeSnapshot(deno, pyodide, opts).catch(() => null);
            const py = await exec({ lang: 'py', code: 'print("probe-ok")', dir, timeoutMs: 30_000 });
            if (py.status === 'ok' && py.stdout.includes('probe-ok')) langs.push('py');
          }
          return { ok: true, langs };
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
async function makeSnapshot(deno: string, pyodide: string, opts: DenoOptions): Promise<string | null> {
  const { version } = require('pyodide/package.json') as { version: string };
  const file = path.join(opts.cacheDir, `pyodide-${version}.snapshot`);
  if (existsSync(file)) return file;
  const tmp = `${file}.${process.pid}.tmp`;
  const r = await runSandboxProcess({
    command: deno,
    args: [
      'run',
      '--no-prompt',
      '--no-config',
      '--no-remote',
      '--no-npm',
      '--no-lock',
      `--allow-read=${pyodide},${RUNNER}`,
      `--allow-write=${tmp}`,
      RUNNER,
      pyodide,
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
