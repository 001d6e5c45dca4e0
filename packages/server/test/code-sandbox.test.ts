import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCodeConfig } from '../src/code/config.ts';
import { createCodeExecutor } from '../src/code/executor.ts';
import { CODE_MAX_FILE_BYTES } from '../src/code/limits.ts';
import type { CodeExecutor, CodeLang, RunResult } from '../src/code/types.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * Issue 17 points 1 and 2: code runs only inside a sandbox (native CPython under bubblewrap, or
 * Deno with Pyodide), and every escape attempt ends in a clear error in the result while the
 * server keeps serving. Real processes, no mocks. An engine is skipped only when its own startup
 * probe says it cannot run on this machine (the reason is printed).
 */

const SECRET = `parley-secret-${process.pid}-${Date.now()}`;
process.env.PARLEY_SANDBOX_TEST_SECRET = SECRET;

let app: TestApp;
let dataDir: string;
let hostDir: string;
const workDir = mkdtempSync(path.join(tmpdir(), 'parley-code-test-'));
chmodSync(workDir, 0o711);
const executors: CodeExecutor[] = [];

beforeAll(async () => {
  app = await startTestApp('sqlite');
  dataDir = app.app.ctx.config.dataDir;
  writeFileSync(path.join(dataDir, 'canary.txt'), SECRET);
  // A host folder anyone may write to: the sandbox must still not reach it.
  hostDir = mkdtempSync(path.join(tmpdir(), 'parley-code-outside-'));
  chmodSync(hostDir, 0o777);
});
afterAll(async () => {
  await Promise.all(executors.map((e) => e.close()));
  await app?.close();
});

/** The server answers while and after the sandbox is attacked. */
async function serverServes() {
  const res = await fetch(`${app.base}/api/config`);
  expect(res.status).toBe(200);
}

function failedClearly(r: RunResult, pattern: RegExp) {
  expect(r.status, `${r.status}: ${r.stderr}${r.reason ?? ''}`).not.toBe('ok');
  expect(`${r.stderr}\n${r.reason ?? ''}`).toMatch(pattern);
  expect(r.stdout + r.stderr).not.toContain(SECRET);
}

interface Target {
  title: string;
  mode: 'native' | 'deno';
  lang: CodeLang;
}
const targets: Target[] = [
  { title: 'native CPython under bubblewrap', mode: 'native', lang: 'py' },
  { title: 'Pyodide in Deno', mode: 'deno', lang: 'py' },
  { title: 'TypeScript on Deno', mode: 'deno', lang: 'ts' },
];

/** The attack programs, per language. */
const attacks = {
  socket: {
    py: (port: number) =>
      `import socket\nsocket.create_connection(("127.0.0.1", ${port}), timeout=3)\nprint("connected")`,
    ts: (port: number) =>
      `const c = await Deno.connect({ hostname: "127.0.0.1", port: ${port} });\nconsole.log("connected", c);`,
  },
  shadow: {
    py: () => `print(open("/etc/shadow").read())`,
    ts: () => `console.log(Deno.readTextFileSync("/etc/shadow"));`,
  },
  file: {
    py: (p: string) =>
      `import os\nprint(os.listdir(${JSON.stringify(path.dirname(p))}))\nprint(open(${JSON.stringify(p)}).read())`,
    ts: (p: string) => `console.log(Deno.readTextFileSync(${JSON.stringify(p)}));`,
  },
  write: {
    py: (p: string) => `open(${JSON.stringify(p)}, "w").write("escaped")\nprint("wrote")`,
    ts: (p: string) => `Deno.writeTextFileSync(${JSON.stringify(p)}, "escaped");\nconsole.log("wrote");`,
  },
  forkBomb: {
    // Children sit still, so the parent forks until the process limit says no (deterministic even
    // on a loaded machine; without the limit it would run into the wall clock).
    py: () =>
      `import os, time\nwhile True:\n    if os.fork() == 0:\n        time.sleep(60)\n        os._exit(0)`,
    ts: () => `while (true) new Deno.Command("/bin/sh", { args: ["-c", "sleep 100"] }).spawn();`,
  },
  memory: {
    py: () => `chunks = []\nwhile True:\n    chunks.append(b"x" * (32 * 1024 * 1024))`,
    ts: () => `const keep = [];\nwhile (true) keep.push(new Uint8Array(32 * 1024 * 1024).fill(1));`,
  },
  bigFile: {
    py: () =>
      `with open("big.bin", "wb") as f:\n    f.write(b"0" * ${CODE_MAX_FILE_BYTES + 1024 * 1024})\nprint("written")`,
    ts: () =>
      `Deno.writeFileSync("big.bin", new Uint8Array(${CODE_MAX_FILE_BYTES + 1024 * 1024}));\nconsole.log("written");`,
  },
  fillDisk: {
    py: () =>
      `i = 0\nwhile True:\n    open(f"fill-{i}.bin", "wb").write(b"0" * (16 * 1024 * 1024))\n    i += 1`,
    ts: () =>
      `for (let i = 0; ; i++) Deno.writeFileSync(\`fill-\${i}.bin\`, new Uint8Array(16 * 1024 * 1024));`,
  },
  spin: {
    py: () => `while True:\n    pass`,
    ts: () => `while (true) {}`,
  },
  env: {
    py: () =>
      `import os\nprint(dict(os.environ))\nfor p in ("/proc/self/environ", "/proc/1/environ", "/proc/${process.pid}/environ"):\n    try:\n        print(open(p).read())\n    except OSError as e:\n        print("no", p, e)\nfrom js import Deno\nprint(Deno.env.get("PARLEY_SANDBOX_TEST_SECRET"))`,
    ts: () => `console.log(Deno.env.get("PARLEY_SANDBOX_TEST_SECRET"));`,
  },
};

describe.each(targets)('$title', ({ mode, lang }) => {
  let ex: CodeExecutor;
  let skip: string | null = null;
  const run = (code: string, extra: { sessionId?: string; timeoutMs?: number; signal?: AbortSignal } = {}) =>
    ex.run({ lang, code, ...extra });

  beforeAll(async () => {
    ex = createCodeExecutor(loadCodeConfig({ CODE_EXECUTOR: mode, CODE_WORK_DIR: path.join(workDir, mode) }));
    executors.push(ex);
    const a = await ex.availability();
    if (!a.ok) skip = a.reason;
    else if (!a.langs.includes(lang))
      skip = `${lang} is not available with CODE_EXECUTOR=${mode}: ${a.notes.join('; ')}`;
    if (skip) console.warn(`[code-sandbox] skipping ${mode}/${lang}: ${skip}`);
  }, 120_000);

  const t = (name: string, fn: () => Promise<void>, timeout = 60_000) =>
    it(
      name,
      async (ctx) => {
        if (skip) ctx.skip();
        await fn();
        await serverServes();
      },
      timeout,
    );

  t('runs hello world', async () => {
    const r = await run(
      lang === 'py'
        ? 'print("hello from python")'
        : 'const who: string = "ts"; console.log("hello from " + who)',
    );
    expect(r.status, r.stderr).toBe('ok');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(lang === 'py' ? 'hello from python' : 'hello from ts');
    expect(r.engine).toBe(mode);
  });

  t('reports a program error with its exit code', async () => {
    const r = await run(lang === 'py' ? 'raise ValueError("nope")' : 'throw new Error("nope")');
    expect(r.status).toBe('error');
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr).toMatch(/nope/);
  });

  t('cannot open a socket (not even to the server on 127.0.0.1)', async () => {
    const port = Number(new URL(app.base).port);
    const r = await run(attacks.socket[lang === 'py' ? 'py' : 'ts'](port));
    failedClearly(r, /refused|unreachable|NotCapable|net access|Errno|OSError|not supported/i);
    expect(r.stdout).not.toContain('connected');
  });

  t('cannot read /etc/shadow', async () => {
    const r = await run(attacks.shadow[lang === 'py' ? 'py' : 'ts']());
    failedClearly(r, /No such file|NotCapable|read access|PermissionError|Errno/i);
  });

  t("cannot read the app's DATA_DIR", async () => {
    const r = await run(attacks.file[lang === 'py' ? 'py' : 'ts'](path.join(dataDir, 'canary.txt')));
    failedClearly(r, /No such file|NotCapable|read access|PermissionError|Errno/i);
    expect(r.stdout).not.toContain('parley.db');
  });

  t("cannot read another run's files", async () => {
    const first = await run(
      lang === 'py'
        ? `open("mine.txt", "w").write(${JSON.stringify(SECRET)})`
        : `Deno.writeTextFileSync("mine.txt", ${JSON.stringify(SECRET)})`,
    );
    expect(first.status, first.stderr).toBe('ok');
    expect(first.files.map((f) => f.name)).toEqual(['mine.txt']);
    const other = first.files[0].path;
    const r = await run(attacks.file[lang === 'py' ? 'py' : 'ts'](other));
    failedClearly(r, /No such file|NotCapable|read access|PermissionError|Errno/i);
    const rel = await run(attacks.file[lang === 'py' ? 'py' : 'ts'](`../${first.sessionId}/mine.txt`));
    failedClearly(rel, /No such file|NotCapable|read access|PermissionError|Errno/i);
    // The same session does see it.
    const same = await run(
      lang === 'py' ? 'print(open("mine.txt").read())' : 'console.log(Deno.readTextFileSync("mine.txt"))',
      {
        sessionId: first.sessionId,
      },
    );
    expect(same.stdout).toContain(SECRET);
  });

  t('cannot write outside the working directory', async () => {
    const target = path.join(hostDir, `escape-${mode}-${lang}.txt`);
    const r = await run(attacks.write[lang === 'py' ? 'py' : 'ts'](target));
    failedClearly(r, /No such file|NotCapable|write access|Read-only|PermissionError|Errno/i);
    for (const p of ['/usr/escape.txt', '../escape.txt']) {
      const other = await run(attacks.write[lang === 'py' ? 'py' : 'ts'](p));
      // Pyodide has its own in-memory file system outside /mnt/data: writing there reaches
      // nothing on the host. Everywhere else the write itself fails.
      if (!(mode === 'deno' && lang === 'py')) {
        failedClearly(other, /No such file|NotCapable|write access|Read-only|PermissionError|Errno/i);
      }
    }
    expect(existsSync(target)).toBe(false);
    expect(existsSync('/usr/escape.txt')).toBe(false);
    expect(existsSync(path.join(workDir, mode, 'sessions', 'escape.txt'))).toBe(false);
    expect(existsSync(path.join(workDir, mode, 'escape.txt'))).toBe(false);
  });

  t('a fork bomb ends in an error', async () => {
    const started = Date.now();
    const r = await run(attacks.forkBomb[lang === 'py' ? 'py' : 'ts'](), { timeoutMs: 10_000 });
    failedClearly(
      r,
      /Resource temporarily unavailable|BlockingIOError|NotCapable|run access|not supported|OSError|stopped|killed/i,
    );
    // Stopped by the process limit (or refused outright), not by the wall clock.
    expect(r.status).not.toBe('timeout');
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  t('allocating past the memory limit ends in an error', async () => {
    const r = await run(attacks.memory[lang === 'py' ? 'py' : 'ts'](), { timeoutMs: 20_000 });
    failedClearly(r, /MemoryError|memory/i);
    expect(r.status).not.toBe('timeout');
  });

  t('a file past the file size limit ends in an error', async () => {
    const r = await run(attacks.bigFile[lang === 'py' ? 'py' : 'ts']());
    failedClearly(r, /File too large|file size limit|Errno 27|EFBIG/i);
    expect(r.stdout).not.toContain('written');
  });

  t('filling the disk is stopped and the files are removed', async () => {
    const r = await run(attacks.fillDisk[lang === 'py' ? 'py' : 'ts'](), { timeoutMs: 20_000 });
    failedClearly(r, /working directory grew past|No space|File too large/i);
    expect(r.status).toBe('killed');
    expect(r.files).toEqual([]);
    expect(existsSync(path.join(workDir, mode, 'sessions', r.sessionId, 'fill-0.bin'))).toBe(false);
  });

  t('cannot outlive its timeout', async () => {
    const started = Date.now();
    const r = await run(attacks.spin[lang === 'py' ? 'py' : 'ts'](), {
      timeoutMs: lang === 'py' && mode === 'deno' ? 8_000 : 1_500,
    });
    expect(r.status).toBe('timeout');
    expect(r.reason).toMatch(/took longer than/);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  t("cannot see the server's environment variables", async () => {
    expect(process.env.PARLEY_SANDBOX_TEST_SECRET).toBe(SECRET);
    const r = await run(attacks.env[lang === 'py' ? 'py' : 'ts']());
    expect(r.stdout + r.stderr).not.toContain(SECRET);
    // Deno refuses env access outright; native Python has its own clean environment.
    if (mode === 'deno') expect(r.stderr).toMatch(/NotCapable|env access/);
    else expect(r.stdout).toMatch(/MPLBACKEND/);
  });

  t('an abort signal kills the run', async () => {
    const ac = new AbortController();
    const started = Date.now();
    setTimeout(() => ac.abort(), mode === 'deno' && lang === 'py' ? 4_000 : 500);
    const r = await run(attacks.spin[lang === 'py' ? 'py' : 'ts'](), { signal: ac.signal });
    expect(r.status).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('native Python with the Debian science stack', () => {
  let ex: CodeExecutor;
  let skip: string | null = null;
  beforeAll(async () => {
    ex = createCodeExecutor(
      loadCodeConfig({ CODE_EXECUTOR: 'native', CODE_WORK_DIR: path.join(workDir, 'science') }),
    );
    executors.push(ex);
    const a = await ex.availability();
    if (!a.ok || !a.langs.includes('py')) skip = a.ok ? 'no native python' : a.reason;
    if (skip) console.warn(`[code-sandbox] skipping native science: ${skip}`);
  }, 60_000);

  it('numpy and pandas work', async (ctx) => {
    if (skip) ctx.skip();
    const r = await ex.run({
      lang: 'py',
      code: 'import numpy as np, pandas as pd\ndf = pd.DataFrame({"x": np.arange(10)})\nprint("sum", int(df.x.sum()), float(np.mean(df.x)))',
    });
    expect(r.status, r.stderr).toBe('ok');
    expect(r.stdout).toContain('sum 45 4.5');
  }, 60_000);

  it('a matplotlib plot saved as PNG comes back as a file; input files are readable', async (ctx) => {
    if (skip) ctx.skip();
    const csv = path.join(hostDir, 'data.csv');
    writeFileSync(csv, 'x,y\n1,2\n2,4\n3,9\n');
    const r = await ex.run({
      lang: 'python',
      files: [{ name: 'data.csv', path: csv }],
      code: [
        'import pandas as pd, matplotlib.pyplot as plt',
        'df = pd.read_csv("data.csv")',
        'plt.plot(df.x, df.y)',
        'plt.savefig("plot.png")',
        'print("rows", len(df))',
      ].join('\n'),
    } as never);
    expect(r.status, r.stderr).toBe('ok');
    expect(r.stdout).toContain('rows 3');
    expect(r.files.map((f) => [f.name, f.mime])).toEqual([['plot.png', 'image/png']]);
    const png = readFileSync(r.files[0].path);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(r.files[0].size).toBe(png.length);
  }, 60_000);

  it('symlinks the code plants are never followed on the host', async (ctx) => {
    if (skip) ctx.skip();
    const victim = path.join(hostDir, 'victim.txt');
    writeFileSync(victim, 'untouched');
    chmodSync(victim, 0o666);
    const plant = await ex.run({
      lang: 'py',
      code: `import os\nos.symlink(${JSON.stringify(victim)}, "data.csv")\nos.symlink(${JSON.stringify(path.join(dataDir, 'canary.txt'))}, "leak.txt")\nprint("planted")`,
    });
    expect(plant.status, plant.stderr).toBe('ok');
    // Symlinks are not results: the server would read the host file behind them.
    expect(plant.files).toEqual([]);
    const input = path.join(hostDir, 'input.csv');
    writeFileSync(input, 'a,b\n1,2\n');
    const r = await ex.run({
      lang: 'py',
      sessionId: plant.sessionId,
      files: [{ name: 'data.csv', path: input }],
      code: 'print(open("data.csv").read())',
    });
    expect(r.stdout).toContain('a,b');
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
  }, 60_000);

  it('a child left behind dies with the run', async (ctx) => {
    if (skip) ctx.skip();
    const r = await ex.run({
      lang: 'py',
      code: 'import os, time\nif os.fork() == 0:\n    time.sleep(2)\n    open("late.txt", "w").write("still alive")\n    os._exit(0)\nprint("parent done")',
    });
    expect(r.status).toBe('ok');
    await new Promise((res) => setTimeout(res, 3_000));
    expect(existsSync(path.join(workDir, 'science', 'sessions', r.sessionId, 'late.txt'))).toBe(false);
  }, 60_000);
});

describe('no engine', () => {
  it('CODE_EXECUTOR=off reports unavailable with the reason and runs nothing', async () => {
    const ex = createCodeExecutor(
      loadCodeConfig({ CODE_EXECUTOR: 'off', CODE_WORK_DIR: path.join(workDir, 'off') }),
    );
    expect(await ex.availability()).toEqual({ ok: false, reason: expect.stringMatching(/turned off/) });
    await expect(ex.run({ lang: 'py', code: 'print(1)' })).rejects.toThrow(
      /unavailable: code execution is turned off/,
    );
  });
  it('auto takes native Python when its probe passes, else Pyodide; JS/TS on Deno', async () => {
    const auto = createCodeExecutor(loadCodeConfig({ CODE_WORK_DIR: path.join(workDir, 'deno') }));
    executors.push(auto);
    const native = createCodeExecutor(
      loadCodeConfig({ CODE_EXECUTOR: 'native', CODE_WORK_DIR: path.join(workDir, 'native') }),
    );
    const nativeOk = (await native.availability()).ok;
    const a = await auto.availability();
    if (!a.ok) return console.warn(`[code-sandbox] no engine here: ${a.reason}`);
    expect(a.engine).toBe(nativeOk ? 'native' : 'deno');
    const r = await auto.run({ lang: 'py', code: 'print("auto")' });
    expect(r.engine).toBe(nativeOk ? 'native' : 'deno');
    expect((await auto.run({ lang: 'js', code: 'console.log("auto")' })).engine).toBe('deno');
  }, 120_000);
  it('rejects a bad CODE_EXECUTOR value', () => {
    expect(() => loadCodeConfig({ CODE_EXECUTOR: 'yolo' })).toThrow(/CODE_EXECUTOR/);
  });
});
