import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CODE_CPU_SECONDS, CODE_DENO_HEAP_MB, CODE_MAX_FILE_BYTES, CODE_MAX_OPEN_FILES, CODE_MEMORY_BYTES } from './limits.ts';
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
export function denoArgs(lang: CodeLang, dir: string, pyodide: string | null): string[] {
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
  if (lang === 'py') return [...common, `--allow-read=${dir},${pyodide},${RUNNER}`, RUNNER, pyodide!, dir];
  return [...common, `--allow-read=${dir}`, `--ext=${lang}`, '-'];
}

export function denoEngine(opts: DenoOptions): CodeEngine {
  const deno = denoBinary();
  const pyodide = pyodideDir();
  let probed: Promise<Availability> | null = null;
  const exec = async (req: EngineRequest) => {
    const cpu = Math.min(CODE_CPU_SECONDS, Math.ceil(req.timeoutMs / 1000) + 1);
    // No RLIMIT_AS: V8 reserves large address ranges and Deno would not start. Memory is held by
    // the V8 heap flag and the RSS watchdog instead.
    const limits = [`--cpu=${cpu}`, `--fsize=${CODE_MAX_FILE_BYTES}`, `--nofile=${CODE_MAX_OPEN_FILES}`, '--core=0'];
    return runSandboxProcess({
      command: PRLIMIT,
      args: [...limits, '--', deno!, ...denoArgs(req.lang, req.dir, pyodide)],
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
        if (!deno) return { ok: false, reason: 'the deno npm package (and its platform binary) is not installed' };
        if (!existsSync(PRLIMIT)) return { ok: false, reason: `${PRLIMIT} is missing (util-linux)` };
        await mkdir(opts.cacheDir, { recursive: true });
        if (opts.runAs) await chown(opts.cacheDir, opts.runAs.uid, opts.runAs.gid);
        const dir = await mkdtemp(path.join(tmpdir(), 'parley-code-probe-'));
        try {
          if (opts.runAs) await chown(dir, opts.runAs.uid, opts.runAs.gid);
          const js = await exec({ lang: 'ts', code: 'const n: number = 1; console.log("probe-ok", n)', dir, timeoutMs: 15_000 });
          if (js.status !== 'ok' || !js.stdout.includes('probe-ok')) {
            return { ok: false, reason: `deno did not run: ${(js.stderr || js.reason || '').trim().slice(0, 300)}` };
          }
          const langs: CodeLang[] = ['js', 'ts'];
          if (pyodide) {
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
