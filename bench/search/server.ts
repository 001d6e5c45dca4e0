/**
 * The real server process (the built bundle, as `npm start` runs it) and signing in to it over
 * HTTP with a password, as a browser does.
 */
import type { ChildProcess } from 'node:child_process';
import { start, waitFor } from '../processes.ts';

/** Apart from bench:ui's 3420; BENCH_PORT_OFFSET shifts it (several checkouts side by side). */
const PORT = 3430 + Number(process.env.BENCH_PORT_OFFSET ?? 0);
export const APP_URL = `http://127.0.0.1:${PORT}`;
/** Access tokens live 15 minutes; sign in again well before that. */
const TOKEN_REUSE_MS = 10 * 60 * 1000;

export interface Account {
  name: string;
  email: string;
  password: string;
}

export interface RunningServer {
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

/** If the bench is interrupted, its server goes too (a stray one would hold the port and the data). */
function stopServersOnSignal(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const child of running) child.kill('SIGTERM');
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}
stopServersOnSignal();

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Start the server on the given data (DATA_DIR, DATABASE_URL) and wait until it answers. */
export async function startServer(dataEnv: Record<string, string>): Promise<RunningServer> {
  const child = start(process.execPath, ['packages/server/dist/main.js'], {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    WEB_DIST: '',
    JWT_SECRET: 'bench',
    JWT_REFRESH_SECRET: 'bench',
    // Eleven sign-ups and a sign-in per stage from one address.
    REGISTER_MAX: '1000',
    LOGIN_MAX: '1000',
    ...dataEnv,
  });
  running.add(child);
  const stop = async () => {
    child.kill('SIGTERM');
    await exited(child);
    running.delete(child);
  };
  try {
    await Promise.race([
      waitFor(`${APP_URL}/health`, 120_000),
      exited(child).then(() => {
        throw new Error(`the server exited at start (code ${child.exitCode})`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}

async function postJson(url: string, body: object): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function login(account: Account): Promise<{ token: string; userId: string }> {
  const res = await postJson(`${APP_URL}/api/auth/login`, {
    email: account.email,
    password: account.password,
  });
  if (res.status !== 200)
    throw new Error(`sign-in of ${account.email} failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id };
}

/** Register over HTTP, then sign in once to learn the new user's id. */
export async function signUp(account: Account): Promise<string> {
  const res = await postJson(`${APP_URL}/api/auth/register`, {
    ...account,
    confirm_password: account.password,
  });
  if (res.status !== 200)
    throw new Error(`sign-up of ${account.email} failed: ${res.status} ${await res.text()}`);
  return (await login(account)).userId;
}

/** A signed-in user: a real access token from the password sign-in, renewed before it expires. */
export class Session {
  private token = '';
  private signedInAt = 0;

  constructor(private readonly account: Account) {}

  async headers(): Promise<Record<string, string>> {
    if (Date.now() - this.signedInAt > TOKEN_REUSE_MS) {
      this.token = (await login(this.account)).token;
      this.signedInAt = Date.now();
    }
    return { authorization: `Bearer ${this.token}` };
  }
}
