/**
 * Agent loop benchmark (issue 15 point 8): (a) the server's CPU per tool step beyond a plain reply
 * (process CPU of N agent runs with 3 tool steps minus N plain replies of the same length, ÷ steps;
 * the extra provider calls are counted in, so this is an upper bound), (b) 100 concurrent agent runs
 * of 3 tool steps each, all finishing without error, (c) time to first token of an agent without
 * tools ÷ a plain chat's, runs interleaved. The tool is the built-in file_search (no files: it
 * answers at once), so the loop itself is what is measured.
 *
 *   npm run bench:agents [-- --runs 30 --tokens 200 --ttft 300 --reps 20]
 */
import path from 'node:path';
import { createOpenAI } from '@ai-sdk/openai';
import { AgentCreateBody, NO_PARENT } from '@parley/schema';
import SQLite from 'better-sqlite3';
import { newAgentRow } from '../packages/server/src/db/rows.ts';
import { streamModel } from '../packages/server/src/providers/stream.ts';
import { cpuMicros, median, numberArg, readSse, signUp, startStack } from './stack.ts';

const RUNS = numberArg('runs', 60);
const TOKENS = numberArg('tokens', 200);
const TTFT = numberArg('ttft', 300);
const REPS = numberArg('reps', 20);
const CONCURRENT = numberArg('concurrent', 100);
const STEPS = 3;
// Apart from bench:ui (3420), bench:search (3430) and bench:files (3440); BENCH_PORT_OFFSET shifts
// them (several checkouts side by side).
const OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 0);
const FAKE_PORT = 4450 + OFFSET;
const APP_PORT = 3450 + OFFSET;
const fakeBase = `http://127.0.0.1:${FAKE_PORT}`;
const appBase = `http://127.0.0.1:${APP_PORT}`;

interface Run {
  ttftMs: number;
  ok: boolean;
  toolSteps: number;
  error?: string;
}

/** One chat through Parley: time to the first text delta, whether it ended with `final`. */
async function chat(token: string, body: Record<string, unknown>): Promise<Run> {
  const t0 = performance.now();
  let first = 0;
  let ok = false;
  let toolSteps = 0;
  let error: string | undefined;
  const res = await fetch(`${appBase}/api/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ parentMessageId: NO_PARENT, endpoint: 'openAI', model: 'gpt-4o', ...body }),
  });
  if (res.status !== 200) return { ttftMs: Number.NaN, ok: false, toolSteps, error: await res.text() };
  await readSse(res, (data) => {
    const frame = JSON.parse(data);
    if (frame.event === 'on_message_delta' && !first) first = performance.now();
    if (frame.event === 'on_run_step_completed') toolSteps++;
    if (frame.final) ok = !frame.responseMessage.error;
    if (frame.error) error = frame.message;
  });
  return { ttftMs: first - t0, ok, toolSteps, error };
}

/**
 * CPU (µs) of one provider call that answers with a tool call, as the server makes it (the AI SDK
 * provider through streamModel, the same code), measured in this process: what each tool step's
 * extra model call costs, to take out of the loop's own overhead.
 */
async function providerCallMicros(calls: number): Promise<number> {
  const model = createOpenAI({ apiKey: 'sk-bench', baseURL: `${fakeBase}/openai/v1` }).chat('gpt-4o');
  const tools = [
    {
      type: 'function' as const,
      name: 'file_search',
      description: 'Search files.',
      inputSchema: { type: 'object' as const, properties: { query: { type: 'string' as const } } },
    },
  ];
  const once = async () => {
    const events = streamModel(model, {
      turns: [{ role: 'user', text: 'Go [[fake:steps=1 tools=file_search ttft=0 tps=5000]]' }],
      tools,
      options: {},
      signal: new AbortController().signal,
      maxRetries: 0,
    });
    for await (const _ of events);
  };
  // Warmed up as the server's code is by then.
  for (let i = 0; i < 100; i++) await once();
  const c0 = process.cpuUsage();
  for (let i = 0; i < calls; i++) await once();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / calls;
}

async function main() {
  const stack = await startStack({ fake: FAKE_PORT, app: APP_PORT });
  try {
    const { token, userId } = await signUp(appBase);
    const pid = stack.server.pid!;

    // The agents (their routes are another slice's): written to the server's database directly.
    const db = new SQLite(path.join(stack.dataDir, 'parley.db'));
    const insert = (settings: Partial<AgentCreateBody>) => {
      const row = newAgentRow({
        authorId: userId,
        settings: AgentCreateBody.parse({ name: 'Bench', provider: 'openAI', model: 'gpt-4o', ...settings }),
      });
      db.prepare(
        `INSERT INTO agents (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row)
          .map(() => '?')
          .join(', ')})`,
      ).run(...Object.values(row));
      return row.id;
    };
    const looping = insert({ tools: ['file_search'], instructions: 'Search, then answer.' });
    const plainAgent = insert({ instructions: 'Answer.' });
    db.close();

    const fast = `tokens=${TOKENS} tps=5000 ttft=0`;
    const agentRun = () =>
      chat(token, {
        endpoint: 'agents',
        agent_id: looping,
        text: `Go [[fake:steps=${STEPS} tools=file_search ${fast}]]`,
      });
    const plainRun = () => chat(token, { text: `Go [[fake:${fast}]]` });

    // Warm-up (JIT, pools, SQLite pages); discarded.
    for (let i = 0; i < 5; i++) await Promise.all([agentRun(), plainRun()]);

    // (a) CPU per tool step: N agent runs vs N plain replies of equal length, in alternating blocks
    // (the process's CPU clock ticks at 10 ms, so a block, not a single run, is measured).
    let agentCpu = 0;
    let plainCpu = 0;
    let failures = 0;
    const BLOCK = 10;
    for (let done = 0; done < RUNS; done += BLOCK) {
      const n = Math.min(BLOCK, RUNS - done);
      let c0 = cpuMicros(pid);
      for (let i = 0; i < n; i++) {
        const a = await agentRun();
        if (!a.ok || a.toolSteps !== STEPS) failures++;
      }
      agentCpu += cpuMicros(pid) - c0;
      c0 = cpuMicros(pid);
      for (let i = 0; i < n; i++) if (!(await plainRun()).ok) failures++;
      plainCpu += cpuMicros(pid) - c0;
    }
    const perStepMs = (agentCpu - plainCpu) / RUNS / STEPS / 1000;
    const providerCallMs = (await providerCallMicros(RUNS * STEPS)) / 1000;
    const beyondProviderMs = perStepMs - providerCallMs;

    // (b) 100 concurrent agent runs × 3 tool steps.
    const t0 = performance.now();
    const many = await Promise.all(Array.from({ length: CONCURRENT }, agentRun));
    const concurrentMs = performance.now() - t0;
    const completed = many.filter((r) => r.ok && r.toolSteps === STEPS).length;
    const errors = many.filter((r) => !r.ok).map((r) => r.error);

    // (c) TTFT: an agent without tools vs a plain chat, interleaved A-B-B-A.
    const slow = `tokens=20 ttft=${TTFT}`;
    const agentTtft: number[] = [];
    const plainTtft: number[] = [];
    for (let i = 0; i < REPS; i++) {
      const order = i % 2 === 0 ? ['agent', 'plain'] : ['plain', 'agent'];
      for (const side of order) {
        if (side === 'agent')
          agentTtft.push(
            (await chat(token, { endpoint: 'agents', agent_id: plainAgent, text: `Hi [[fake:${slow}]]` }))
              .ttftMs,
          );
        else plainTtft.push((await chat(token, { text: `Hi [[fake:${slow}]]` })).ttftMs);
      }
    }
    const ttftRatio = median(agentTtft) / median(plainTtft);

    const result = {
      runs: RUNS,
      tokens: TOKENS,
      steps: STEPS,
      cpuPerToolStepMs: perStepMs,
      cpuProviderCallMs: providerCallMs,
      cpuPerToolStepBeyondProviderMs: beyondProviderMs,
      cpuAgentRunMs: agentCpu / RUNS / 1000,
      cpuPlainRunMs: plainCpu / RUNS / 1000,
      sequentialFailures: failures,
      concurrent: CONCURRENT,
      concurrentCompleted: completed,
      concurrentMs,
      ttftAgentMs: median(agentTtft),
      ttftPlainMs: median(plainTtft),
      ttftRatio,
    };
    console.log(
      `\nAgent loop (${STEPS} tool steps, ${TOKENS}-token answers, ${RUNS} runs; TTFT medians of ${REPS})\n`,
    );
    console.log('| measure | value | target |');
    console.log('|---|---|---|');
    console.log(`| server CPU per tool step, all in (ms) | ${perStepMs.toFixed(2)} | — |`);
    console.log(`| of which the step's provider call (ms) | ${providerCallMs.toFixed(2)} | — |`);
    console.log(
      `| server CPU per tool step beyond the provider call (ms) | ${beyondProviderMs.toFixed(2)} | ≤ 5 |`,
    );
    console.log(
      `| CPU per run: agent / plain (ms) | ${result.cpuAgentRunMs.toFixed(1)} / ${result.cpuPlainRunMs.toFixed(1)} | — |`,
    );
    console.log(
      `| ${CONCURRENT} concurrent runs completed | ${completed} / ${CONCURRENT} in ${concurrentMs.toFixed(0)} ms | all |`,
    );
    console.log(
      `| TTFT agent without tools / plain (ms) | ${result.ttftAgentMs.toFixed(1)} / ${result.ttftPlainMs.toFixed(1)} = ${ttftRatio.toFixed(3)} | ≤ 1.05 |`,
    );
    if (errors.length) console.log(`\nerrors: ${errors.slice(0, 3).join(' | ')}`);
    console.log(`\n${JSON.stringify(result)}`);
  } finally {
    stack.stop();
  }
}

await main();
