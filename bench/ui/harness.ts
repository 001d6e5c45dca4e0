/**
 * The processes behind the UI benchmark: the fake provider and the real built server (production
 * bundle and built web client) on a fresh SQLite data dir, plus the HTTP helpers the bench needs
 * beside the browser (register, import, the fake's control API).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, start, waitFor } from '../processes.ts';

export { root };

const OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 0);
export const APP_URL = `http://127.0.0.1:${3420 + OFFSET}`;
export const FAKE_URL = `http://127.0.0.1:${4420 + OFFSET}`;

/** Node's hrtime and Chromium's TimeTicks both read CLOCK_MONOTONIC on Linux: one clock, in ms. */
export const monoMs = (): number => Number(process.hrtime.bigint()) / 1e6;

export interface Servers {
  stop(): void;
}

export async function startServers(): Promise<Servers> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-ui-'));
  const fake = start(
    path.join(root, 'node_modules/.bin/tsx'),
    ['packages/fake-provider/src/cli.ts', '--port', new URL(FAKE_URL).port],
    {},
  );
  const server = start(process.execPath, ['packages/server/dist/main.js'], {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: new URL(APP_URL).port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: 'packages/web/dist',
    PROVIDER_MAX_RETRIES: '0',
    TITLE_CONVO: 'false',
    LIMIT_CONCURRENT_MESSAGES: 'false',
    LIMIT_MESSAGE_IP: 'false',
    LOGIN_MAX: '1000',
    REGISTER_MAX: '1000',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: `${FAKE_URL}/openai/v1`,
    OPENAI_MODELS: 'gpt-4o',
    JWT_SECRET: 'bench-ui',
    JWT_REFRESH_SECRET: 'bench-ui-refresh',
    CREDS_KEY: randomBytes(32).toString('hex'),
  });
  const stop = () => {
    server.kill('SIGTERM');
    fake.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${FAKE_URL}/openai/v1/models`);
    await waitFor(`${APP_URL}/health`);
  } catch (e) {
    stop();
    throw e;
  }
  return { stop };
}

export const CREDS = { name: 'Bench User', email: 'bench-ui@example.com', password: 'bench-password-1' };

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Register the bench user; returns an access token for API calls beside the browser. */
export async function registerBenchUser(): Promise<string> {
  const res = await fetch(`${APP_URL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...CREDS, confirm_password: CREDS.password }),
  });
  await json(res);
  const login = await fetch(`${APP_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: CREDS.email, password: CREDS.password }),
  });
  return (await json<{ token: string }>(login)).token;
}

/** Import one conversation through POST /api/convos/import and wait for its job; returns its id. */
export async function importConversation(token: string, data: { title: string }): Promise<string> {
  const auth = { authorization: `Bearer ${token}` };
  const started = await json<{ jobId: string }>(
    await fetch(`${APP_URL}/api/convos/import`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(data),
    }),
  );
  for (let i = 0; i < 600; i++) {
    const job = await json<{ status: string; error: string | null }>(
      await fetch(`${APP_URL}/api/convos/import/${started.jobId}`, { headers: auth }),
    );
    if (job.status === 'failed' || job.error) throw new Error(`import failed: ${job.error}`);
    if (job.status === 'completed' || job.status === 'done') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const list = await json<{ conversations: { conversationId: string; title: string }[] }>(
    await fetch(`${APP_URL}/api/convos?limit=100`, { headers: auth }),
  );
  const found = list.conversations.find((c) => c.title === data.title);
  if (!found) throw new Error(`imported conversation "${data.title}" not found`);
  return found.conversationId;
}

/** Queue a scripted reply at the fake for the next request whose last user text contains `match`. */
export async function enqueueReply(
  match: string,
  text: string,
  timing: { tokensPerSec: number; ttftMs: number; chunking: number },
) {
  await json(
    await fetch(`${FAKE_URL}/__fake/scenarios`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        match: { match: { lastUserText: match } },
        script: { steps: [{ type: 'text', text }], timing },
      }),
    }),
  );
}

/** When the fake wrote each part of the reply to `match` (monotonic ms). */
export async function emitTimesFor(match: string): Promise<number[]> {
  const entries = await json<{ request?: { messages?: unknown }; rawBody?: string; emitTimes: number[] }[]>(
    await fetch(`${FAKE_URL}/__fake/requests?limit=20`),
  );
  const entry = entries.reverse().find((e) => e.rawBody?.includes(match));
  if (!entry) throw new Error(`no fake request for ${match}`);
  return entry.emitTimes;
}
