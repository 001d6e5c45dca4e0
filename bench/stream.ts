/**
 * Streaming overhead benchmark (shared/reference/perf.md (a)): time to first token and tokens/s
 * through Parley versus directly from the fake provider, at 1 and 100 concurrent streams, plus the
 * server's CPU µs per token and RSS per active stream. Each side runs in its own process; runs
 * alternate direct / Parley / Parley / direct and the report gives medians and ratios.
 *
 *   npm run bench:stream [-- --tokens 400 --tps 50 --ttft 300 --reps 2]
 */
import { NO_PARENT } from '@parley/schema';
import { cpuMicros, median, numberArg, readSse, rssBytes, signUp, startStack } from './stack.ts';

const TOKENS = numberArg('tokens', 400);
const TPS = numberArg('tps', 50);
const TTFT = numberArg('ttft', 300);
const REPS = numberArg('reps', 2);
const FAKE_PORT = 4410;
const APP_PORT = 3410;
const fakeBase = `http://127.0.0.1:${FAKE_PORT}`;
const appBase = `http://127.0.0.1:${APP_PORT}`;
const prompt = `Benchmark reply [[fake:tokens=${TOKENS} tps=${TPS} ttft=${TTFT}]]`;

interface StreamResult {
  ttftMs: number;
  durationMs: number;
  chars: number;
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

const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];

async function main() {
  const stack = await startStack({ fake: FAKE_PORT, app: APP_PORT });
  try {
    const { token } = await signUp(appBase);
    const pid = stack.server.pid!;

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
    stack.stop();
  }
}

await main();
