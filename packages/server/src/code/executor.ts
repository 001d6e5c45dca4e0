import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { CodeConfig } from './config.ts';
import { denoEngine } from './deno.ts';
import {
  CODE_MAX_CONCURRENT,
  CODE_MAX_SOURCE_BYTES,
  CODE_PYODIDE_PER_CPU,
  CODE_WALL_TIMEOUT_MS,
} from './limits.ts';
import { nativeEngine } from './native.ts';
import {
  type CodeEngine,
  type CodeExecutor,
  type CodeLang,
  CodeUnavailableError,
  type EngineName,
  type RunRequest,
  type RunResult,
} from './types.ts';
import {
  changedFiles,
  type DirOwner,
  dropChanges,
  overQuota,
  putInputs,
  removeIdleSessions,
  removeSessionDir,
  sessionDir,
  snapshot,
} from './workdir.ts';

const LANG_ALIASES: Record<string, CodeLang> = {
  py: 'py',
  python: 'py',
  python3: 'py',
  js: 'js',
  javascript: 'js',
  node: 'js',
  ts: 'ts',
  typescript: 'ts',
};

/** A recognised language name, or null (doc 2 §5.8: the language must be recognised). */
export function normalizeLang(lang: string): CodeLang | null {
  return LANG_ALIASES[lang.trim().toLowerCase()] ?? null;
}

/** A tiny FIFO semaphore: at most `n` runs at once. */
function limiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((r) => waiting.push(r));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/**
 * Picks the engine per language from the mode: Python goes to native CPython under bubblewrap
 * (`native`, or `auto` when its probe passes) or to Pyodide in Deno; JavaScript and TypeScript
 * always run on Deno. An engine whose probe fails is never used, and nothing runs outside one.
 */
export function createCodeExecutor(config: CodeConfig): CodeExecutor {
  const owner: DirOwner | null =
    typeof process.getuid === 'function' && process.getuid() === 0
      ? { uid: config.sandboxUid, gid: config.sandboxUid }
      : null;
  const sessions = path.join(config.workDir, 'sessions');
  const native = nativeEngine({ runAs: owner });
  const queue = limiter(CODE_MAX_CONCURRENT);
  const pyodideQueue = limiter(Math.max(1, availableParallelism() * CODE_PYODIDE_PER_CPU));

  type Plan = { engines: Map<CodeLang, CodeEngine>; reason: string | null; notes: string[] };
  let plan: Promise<Plan> | null = null;
  const resolvePlan = () => {
    plan ??= (async (): Promise<Plan> => {
      const engines = new Map<CodeLang, CodeEngine>();
      if (config.mode === 'off')
        return { engines, reason: 'code execution is turned off (CODE_EXECUTOR=off)', notes: [] };
      await mkdir(sessions, { recursive: true, mode: 0o711 });
      const reasons: string[] = [];
      const n = config.mode === 'deno' ? null : await native.probe();
      if (n?.ok) for (const l of n.langs) engines.set(l, native);
      else if (n) reasons.push(`native: ${n.reason}`);
      // JavaScript/TypeScript run on Deno in every mode but off; Python only when native is not
      // taking it (then Pyodide is not even started by the probe).
      const deno = denoEngine({
        runAs: owner,
        cacheDir: path.join(config.workDir, 'deno-cache'),
        runtimeDir: path.join(config.workDir, 'runtime'),
        python: config.mode !== 'native' && !engines.has('py'),
      });
      const d = await deno.probe();
      if (d.ok) {
        for (const note of d.notes ?? []) reasons.push(`deno: ${note}`);
        for (const l of d.langs) if (!engines.has(l)) engines.set(l, deno);
      } else reasons.push(`deno: ${d.reason}`);
      return { engines, reason: engines.size ? null : reasons.join('; ') || 'no engine', notes: reasons };
    })();
    return plan;
  };

  return {
    async availability() {
      const p = await resolvePlan();
      if (!p.engines.size) return { ok: false, reason: p.reason ?? 'no engine' };
      const py = p.engines.get('py');
      return {
        ok: true,
        engine: (py ?? [...p.engines.values()][0]).name as EngineName,
        langs: [...p.engines.keys()],
        notes: p.notes,
      };
    },

    async run(req: RunRequest): Promise<RunResult> {
      const p = await resolvePlan();
      const lang = normalizeLang(req.lang);
      if (!lang) throw new Error(`Unknown language: ${req.lang}`);
      const engine = p.engines.get(lang);
      if (!engine) {
        throw new CodeUnavailableError(
          p.reason ?? `no sandbox engine here runs ${lang} (${[...p.engines.keys()].join(', ')} only)`,
        );
      }
      if (!req.code.trim()) throw new Error('The code is empty');
      if (Buffer.byteLength(req.code) > CODE_MAX_SOURCE_BYTES)
        throw new Error(`The code is larger than ${CODE_MAX_SOURCE_BYTES} bytes`);
      const timeoutMs = Math.max(100, Math.min(req.timeoutMs ?? CODE_WALL_TIMEOUT_MS, CODE_WALL_TIMEOUT_MS));
      return queue(async () => {
        const started = performance.now();
        const { id, dir } = await sessionDir(sessions, req.sessionId, owner);
        await putInputs(dir, req.files ?? [], owner);
        const before = await snapshot(dir);
        const exec = () => engine.exec({ lang, code: req.code, dir, timeoutMs, signal: req.signal });
        const out = engine.name === 'deno' && lang === 'py' ? await pyodideQueue(exec) : await exec();
        // Past the directory caps the run's new and changed files are removed, so a full disk is not kept.
        const quota = await overQuota(dir);
        if (quota) await dropChanges(dir, before);
        const filesOut = quota ? { files: [], skippedFiles: [] } : await changedFiles(dir, before);
        return {
          ...out,
          sessionId: id,
          ...filesOut,
          engine: engine.name,
          durationMs: Math.round(performance.now() - started),
        };
      });
    },

    removeSession: (sessionId) => removeSessionDir(sessions, sessionId),
    sweepSessions: (idleMs) => removeIdleSessions(sessions, idleMs),
    async close() {},
  };
}
