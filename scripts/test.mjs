// `npm test`: type check, lint, architecture rules (dependency-cruiser), unit + integration
// (vitest), e2e (Playwright in Chromium).
// Ends with one line `N passed, N failed` summing every suite (CI reads it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const wants = (step) => only.length === 0 || only.includes(step);

let passed = 0;
let failed = 0;
const lines = [];

function run(label, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n━━ ${label} ━━`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: res.status === 0, seconds };
}

/** The failed tests (and suites that failed to load) of a vitest JSON report, with a first line. */
function vitestFailures(report) {
  const firstLine = (text) =>
    String(text ?? '')
      .split('\n')[0]
      .slice(0, 200);
  return report.testResults.flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = file.assertionResults
      .filter((t) => t.status === 'failed')
      .map((t) => `${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    return tests.length === 0 && file.status === 'failed' ? [`${where}: ${firstLine(file.message)}`] : tests;
  });
}

function check(label, cmd, args) {
  const { ok, seconds } = run(label, cmd, args);
  ok ? passed++ : failed++;
  lines.push(`${label}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)`);
}

if (wants('typecheck')) check('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
if (wants('lint')) check('lint', bin('biome'), ['check', '.']);
if (wants('arch')) check('arch', process.execPath, [path.join(root, 'scripts/arch.mjs')]);

if (wants('unit')) {
  const out = path.join(tmp, 'vitest.json');
  rmSync(out, { force: true });
  const { ok, seconds } = run('unit + integration (vitest)', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ]);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    if (!ok && r.numFailedTests === 0) failed++; // a suite that failed to load still fails the run
    lines.push(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed (${seconds} s)`);
    // Vitest's own failure report scrolls away under Playwright's output: name them here too.
    lines.push(...vitestFailures(r).map((f) => `  ✗ ${f}`));
  } else {
    failed++;
    lines.push(`vitest: no report (${seconds} s)`);
  }
}

if (wants('e2e')) {
  const build = run('build', process.execPath, [path.join(root, 'scripts/build.mjs')]);
  if (!build.ok) {
    failed++;
    lines.push('build: FAILED');
  } else {
    const out = path.join(tmp, 'playwright.json');
    rmSync(out, { force: true });
    const { ok, seconds } = run('e2e (Playwright, Chromium)', bin('playwright'), ['test'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    });
    if (existsSync(out)) {
      const s = JSON.parse(readFileSync(out, 'utf8')).stats;
      passed += s.expected + (s.flaky ?? 0);
      failed += s.unexpected;
      if (!ok && s.unexpected === 0) failed++;
      lines.push(
        `playwright: ${s.expected} passed, ${s.unexpected} failed, ${s.flaky ?? 0} flaky (${seconds} s)`,
      );
    } else {
      failed++;
      lines.push(`playwright: no report (${seconds} s)`);
    }
  }
}

console.log(`\n━━ summary ━━\n${lines.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
