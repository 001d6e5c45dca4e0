/**
 * The streaming benchmarks' common ground (bench:stream, bench:agents): the fake provider and the
 * built server as child processes, a signed-in bench user, SSE reading and /proc counters.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, start, waitFor } from './processes.ts';

/** `--name N` from the command line, or the fallback. */
export function numberArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : Number.NaN;
};

/** utime + stime of a process in µs, from /proc (clock ticks are 100 Hz on Linux). */
export function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

export function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) * 1024 : 0;
}

/** Read an SSE body, calling `onData` per data line; resolves when the stream ends. */
export async function readSse(res: Response, onData: (data: string) => void): Promise<void> {
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

export interface Stack {
  fakeBase: string;
  appBase: string;
  dataDir: string;
  server: ChildProcess;
  stop(): void;
}

/**
 * The fake provider and the built server (packages/server/dist) on the given ports, with an
 * empty data directory, OpenAI pointed at the fake, and the per-user limits off; resolves when
 * both answer. BENCH_NODE_ARGS adds node flags to the server (e.g. --cpu-prof --cpu-prof-dir=…).
 */
export async function startStack(ports: { fake: number; app: number }, env: Record<string, string> = {}) {
  const fakeBase = `http://127.0.0.1:${ports.fake}`;
  const appBase = `http://127.0.0.1:${ports.app}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-'));
  const fake = start(
    path.join(root, 'node_modules/.bin/tsx'),
    ['packages/fake-provider/src/cli.ts', '--port', String(ports.fake)],
    {},
  );
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = start(process.execPath, [...nodeArgs, 'packages/server/dist/main.js'], {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(ports.app),
    DATA_DIR: dataDir,
    WEB_DIST: '',
    PROVIDER_MAX_RETRIES: '0',
    TITLE_CONVO: 'false',
    LIMIT_CONCURRENT_MESSAGES: 'false',
    LIMIT_MESSAGE_IP: 'false',
    LIMIT_MESSAGE_USER: 'false',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: `${fakeBase}/openai/v1`,
    JWT_SECRET: 'bench',
    JWT_REFRESH_SECRET: 'bench',
    ...env,
  });
  const stop = () => {
    server.kill('SIGTERM');
    fake.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${fakeBase}/openai/v1/models`);
    await waitFor(`${appBase}/health`);
  } catch (err) {
    stop();
    throw err;
  }
  return { fakeBase, appBase, dataDir, server, stop } satisfies Stack;
}

/** Register the bench user and sign in: its bearer token and id. */
export async function signUp(appBase: string): Promise<{ token: string; userId: string }> {
  const creds = { name: 'Bench User', email: 'bench@example.com', password: 'bench-password' };
  const post = (p: string, body: object) =>
    fetch(`${appBase}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/auth/register', { ...creds, confirm_password: creds.password });
  const login = await post('/api/auth/login', { email: creds.email, password: creds.password });
  const { token, user } = (await login.json()) as { token: string; user: { id: string } };
  return { token, userId: user.id };
}
