/**
 * Code sandbox benchmark (issue 17 point 6): Python hello-world latency per engine (p50 target
 * ≤ 300 ms; each run is a fresh sandbox, no warm pool), then 20 concurrent runs that must all
 * succeed. Engines whose startup probe fails on this machine are listed with the reason.
 *
 *   npm run bench:code [-- --runs 30 --concurrent 20]
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { loadCodeConfig } from '../packages/server/src/code/config.ts';
import { createCodeExecutor } from '../packages/server/src/code/executor.ts';
import type { CodeLang } from '../packages/server/src/code/types.ts';
import { numberArg } from './stack.ts';

const RUNS = numberArg('runs', 30);
const CONCURRENT = numberArg('concurrent', 20);

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const ms = (x: number) => `${x.toFixed(0)} ms`.padStart(8);

const cases: { label: string; mode: 'native' | 'deno'; lang: CodeLang; code: string; runs: number }[] = [
  { label: 'native CPython (bwrap)', mode: 'native', lang: 'py', code: 'print("hello")', runs: RUNS },
  {
    label: 'native + numpy/pandas',
    mode: 'native',
    lang: 'py',
    code: 'import numpy, pandas\nprint("hello")',
    runs: Math.ceil(RUNS / 3),
  },
  { label: 'Pyodide in Deno', mode: 'deno', lang: 'py', code: 'print("hello")', runs: Math.ceil(RUNS / 3) },
  { label: 'TypeScript on Deno', mode: 'deno', lang: 'ts', code: 'console.log("hello")', runs: RUNS },
];

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-bench-code-'));
  chmodSync(dir, 0o711);
  const rows: string[] = [];
  const concurrency: string[] = [];
  // The same programs on the same interpreter without a sandbox: what the sandbox itself costs.
  if (existsSync('/usr/bin/python3')) {
    for (const [label, code, runs] of [
      ['baseline: python3, no sandbox', 'print("hello")', RUNS],
      ['baseline: + numpy/pandas', 'import numpy, pandas\nprint("hello")', Math.ceil(RUNS / 3)],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i <= runs; i++) {
        const t0 = performance.now();
        const r = spawnSync('/usr/bin/python3', ['-c', code], { encoding: 'utf8' });
        if (i > 0) times.push(performance.now() - t0);
        if (r.status !== 0) throw new Error(r.stderr);
      }
      rows.push(
        `  ${label.padEnd(30)} ${String(runs).padStart(4)} ${ms(quantile(times, 0.5))} ${ms(quantile(times, 0.95))} ${ms(Math.max(...times))}`,
      );
    }
  }
  try {
    for (const mode of ['native', 'deno'] as const) {
      const ex = createCodeExecutor(
        loadCodeConfig({ CODE_EXECUTOR: mode, CODE_WORK_DIR: path.join(dir, mode) }),
      );
      const a = await ex.availability();
      for (const c of cases.filter((x) => x.mode === mode)) {
        if (!a.ok || !a.langs.includes(c.lang)) {
          rows.push(`  ${c.label.padEnd(30)} unavailable: ${a.ok ? `${c.lang} not offered` : a.reason}`);
          continue;
        }
        await ex.run({ lang: c.lang, code: c.code }); // the first run warms the page cache
        const times: number[] = [];
        for (let i = 0; i < c.runs; i++) {
          const t0 = performance.now();
          const r = await ex.run({ lang: c.lang, code: c.code });
          if (r.status !== 'ok' || !r.stdout.includes('hello'))
            throw new Error(`${c.label}: ${r.status} ${r.stderr}`);
          times.push(performance.now() - t0);
          await ex.removeSession(r.sessionId);
        }
        const p50 = quantile(times, 0.5);
        const target = c.lang === 'py' && c.code === 'print("hello")' ? (p50 <= 300 ? ' OK' : ' OVER') : '';
        rows.push(
          `  ${c.label.padEnd(30)} ${String(c.runs).padStart(4)} ${ms(p50)} ${ms(quantile(times, 0.95))} ${ms(Math.max(...times))}${target}`,
        );
      }
      // 20 runs at once: every one must succeed.
      if (a.ok && a.langs.includes('py')) {
        const t0 = performance.now();
        const results = await Promise.all(
          Array.from({ length: CONCURRENT }, (_, i) =>
            ex.run({
              lang: 'py',
              code: `print("run ${i}")\nopen("out.txt", "w").write("${i}")`,
              timeoutMs: 60_000,
            }),
          ),
        );
        const wall = performance.now() - t0;
        const ok = results.filter(
          (r, i) => r.status === 'ok' && r.stdout.includes(`run ${i}`) && r.files.length === 1,
        );
        const each = results.map((r) => r.durationMs);
        concurrency.push(
          `  ${mode.padEnd(8)} ${CONCURRENT} Python runs at once: ${ok.length}/${CONCURRENT} ok, wall ${wall.toFixed(0)} ms, per run p50 ${quantile(each, 0.5)} ms, max ${Math.max(...each)} ms${ok.length === CONCURRENT ? ' OK' : ' FAILED'}`,
        );
        for (const r of results) await ex.removeSession(r.sessionId);
        if (ok.length !== CONCURRENT) process.exitCode = 1;
      }
      await ex.close();
    }
    console.log('Code run latency, hello world, a fresh sandbox per run (target: Python p50 ≤ 300 ms)');
    console.log(
      `  load average at the end: ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} (wall-clock numbers inflate on a busy machine)`,
    );
    console.log(
      `  ${'engine'.padEnd(30)} ${'runs'.padStart(4)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)}`,
    );
    for (const r of rows) console.log(r);
    console.log('\nConcurrency');
    for (const c of concurrency) console.log(c);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
