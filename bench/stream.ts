/**
 * Streaming overhead benchmark (shared/reference/perf.md (a)): time to first token and tokens/s
 * through Parley versus directly from the fake provider, at 1 and 100 concurrent streams, plus the
 * server's CPU µs per token and RSS per active stream. Each side runs in its own process; runs
 * alternate direct / Parley / Parley / direct and the report gives medians and ratios.
 *
 *   npm run bench:stream [-- --tokens 400 --tps 50 --ttft 300 --reps 2]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NO_PARENT } from '@parley/schema';
import { root, start, waitFor } from './processes.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const TOKENS = arg('tokens', 400);
const TPS = arg('tps', 50);
const TTFT = arg('ttft', 300);
const REPS = arg('reps', 2);
const FAKE_PORT = 4410;
const APP_PORT = 3410;
const fakeBase = `http://127.0.0.1:${FAKE_PORT}`;
const appBase = `http://127.0.0.1:${APP_PORT}`;
const prompt = `Benchmark reply [[fake:tokens=${TOKENS} tps=${TPS} ttft=${TTFT}]]`;

/** utime + stime of a process in µs, from /proc (clock ticks are 100 Hz on Linux). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}
function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) * 1024 : 0;
}

interface StreamResult {
  ttftMs: number;
  durationMs: number;
  chars: number;
}

/** Read an SSE body, calling `onData` per data line; resolves when the stream ends. */
async function readSse(res: Response, onData: (data: string) => void) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += value;
    let i = buffer.indexOf('\n\n');
    while (i !== -1) {
      for (const line of buffer.slice(0, i).split('\n')) if (line.startsWith('data: ')) onData(line.slice(6));
      buffer = buffer.slice(i + 2);
      i = buffer.indexOf('\n\n');
    }
  }
}

async function direct(): Promise<StreamResult> {
  const t0 = performance.now();
  let first = 0;
  let chars = 0;
  const res = await fetch(`${fakeBase}/openai/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-bench', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: prompt }] }),
  });
  await readSse(res, (data) => {
    if (data === '[DONE]') return;
    const text = JSON.parse(data).choices?.[0]?.delta?.content;
    if (text) {
      if (!first) first = performance.now();
      chars += text.length;
    }
  });
  return { ttftMs: first - t0, durationMs: performance.now() - t0, chars };
}

async function throughParley(token: string): Promise<StreamResult> {
  const t0 = performance.now();
  let first = 0;
  let chars = 0;
  const res = await fetch(`${appBase}/api/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text: prompt, parentMessageId: NO_PARENT, endpoint: 'openAI', model: 'gpt-4o' }),
  });
  await readSse(res, (data) => {
    const frame = JSON.parse(data);
    if (frame.event === 'on_message_delta') {
      if (!first) first = performance.now();
      chars += frame.data.delta.content[0].text.length;
    }
  });
  return { ttftMs: first - t0, durationMs: performance.now() - t0, chars };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : Number.NaN;
};
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-'));
  const fake = start(
    path.join(root, 'node_modules/.bin/tsx'),
    ['packages/fake-provider/src/cli.ts', '--port', String(FAKE_PORT)],
    {},
  );
  // BENCH_NODE_ARGS: extra node flags for the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = start(process.execPath, [...nodeArgs, 'packages/server/dist/main.js'], {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(APP_PORT),
    DATA_DIR: dataDir,
    WEB_DIST: '',
    PROVIDER_MAX_RETRIES: '0',
    TITLE_CONVO: 'false',
    LIMIT_CONCURRENT_MESSAGES: 'false',
    LIMIT_MESSAGE_IP: 'false',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: `${fakeBase}/openai/v1`,
    JWT_SECRET: 'bench',
    JWT_REFRESH_SECRET: 'bench',
  });
  try {
    await waitFor(`${fakeBase}/openai/v1/models`);
    await waitFor(`${appBase}/health`);
    const creds = { name: 'Bench User', email: 'bench@example.com', password: 'bench-password' };
    await fetch(`${appBase}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...creds, confirm_password: creds.password }),
    });
    const login = await fetch(`${appBase}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: creds.email, password: creds.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const pid = server.pid!;

    // Warm-up (JIT, connection pools, SQLite pages); discarded.
    await Promise.all([direct(), throughParley(token)]);

    const rows: string[] = [];
    const json: Record<string, unknown> = { tokens: TOKENS, tps: TPS, ttftMs: TTFT, reps: REPS };
    for (const n of [1, 100]) {
      const d: StreamResult[] = [];
      const p: StreamResult[] = [];
      let cpu = 0;
      let chars = 0;
      let peakRss = 0;
      const idleRss = rssBytes(pid);
      for (let rep = 0; rep < REPS; rep++) {
        // A-B-B-A: direct, Parley, Parley, direct.
        for (const side of ['direct', 'parley', 'parley', 'direct'] as const) {
          if (side === 'direct') {
            d.push(...(await Promise.all(Array.from({ length: n }, direct))));
            continue;
          }
          const cpu0 = cpuMicros(pid);
          const sampler = setInterval(() => {
            peakRss = Math.max(peakRss, rssBytes(pid));
          }, 50);
          const results = await Promise.all(Array.from({ length: n }, () => throughParley(token)));
          clearInterval(sampler);
          cpu += cpuMicros(pid) - cpu0;
          chars += results.reduce((s, r) => s + r.chars, 0);
          p.push(...results);
        }
      }
      const rate = (r: StreamResult) => r.chars / ((r.durationMs - r.ttftMs) / 1000);
      const tokensOut = chars / 4; // the fake's token estimate: 4 characters per token
      const result = {
        streams: n,
        ttftDirectMs: median(d.map((r) => r.ttftMs)),
        ttftParleyMs: median(p.map((r) => r.ttftMs)),
        ttftP95DirectMs: p95(d.map((r) => r.ttftMs)),
        ttftP95ParleyMs: p95(p.map((r) => r.ttftMs)),
        ttftRatio: median(p.map((r) => r.ttftMs)) / median(d.map((r) => r.ttftMs)),
        rateRatio: median(p.map(rate)) / median(d.map(rate)),
        cpuMicrosPerToken: cpu / tokensOut,
        rssPerStreamKB: n > 1 ? (peakRss - idleRss) / n / 1024 : Number.NaN,
      };
      json[`streams_${n}`] = result;
      rows.push(
        `| ${n} | ${result.ttftDirectMs.toFixed(1)} | ${result.ttftParleyMs.toFixed(1)} | ${result.ttftRatio.toFixed(3)} | ${result.rateRatio.toFixed(3)} | ${result.cpuMicrosPerToken.toFixed(1)} | ${Number.isNaN(result.rssPerStreamKB) ? '—' : result.rssPerStreamKB.toFixed(0)} |`,
      );
    }
    console.log(
      `\nStreaming through Parley vs direct (${TOKENS} tokens at ${TPS} tok/s, TTFT ${TTFT} ms; medians of ${REPS * 2} runs per side)\n`,
    );
    console.log(
      '| streams | TTFT direct ms | TTFT Parley ms | TTFT ratio | tokens/s ratio | server CPU µs/token | RSS KB/stream |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
    console.log(`\n${JSON.stringify(json)}`);
  } finally {
    server.kill('SIGTERM');
    fake.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
