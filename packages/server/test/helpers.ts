import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FakeProvider, startFakeProvider } from '@parley/fake-provider';
import { NO_PARENT, type SseFrame } from '@parley/schema';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../src/app.ts';
import { migrations } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';

/** The databases the integration suite runs on: SQLite always, PostgreSQL when configured. */
export const dialects: ('sqlite' | 'postgres')[] = process.env.TEST_POSTGRES_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/** A fresh PostgreSQL database per app, so test files never see each other's rows. */
export async function freshPostgresUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_POSTGRES_URL!;
  const name = `parley_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Env that adds the Bedrock and Azure endpoints, both pointed at the fake provider. */
export const BEDROCK_AND_AZURE_ENV: Record<string, string> = {
  BEDROCK_AWS_ACCESS_KEY_ID: 'AKIATEST',
  BEDROCK_AWS_SECRET_ACCESS_KEY: 'secret',
  BEDROCK_AWS_MODELS: 'anthropic.claude-sonnet-4-5-20250929-v1:0',
  BEDROCK_BASE_URL: '{{FAKE}}/bedrock',
  AZURE_API_KEY: 'azure-key',
  AZURE_OPENAI_MODELS: 'gpt-4o',
  AZURE_OPENAI_BASEURL: '{{FAKE}}/azure/openai/v1',
};

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  fake: FakeProvider;
  base: string;
  close(): Promise<void>;
}

export type TestDialect = (typeof dialects)[number];
export interface TestAppOptions {
  env?: Record<string, string>;
  yaml?: string;
  port?: number;
}

/** The real app on a free port with a fresh database and a fake provider behind every endpoint. */
export async function startTestApp(dialect: TestDialect, opts: TestAppOptions = {}): Promise<TestApp> {
  const fake = await startFakeProvider();
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-test-'));
  const pgDb = dialect === 'postgres' ? await freshPostgresUrl() : null;
  let configPath = '';
  if (opts.yaml) {
    configPath = path.join(dir, 'librechat.yaml');
    writeFileSync(configPath, opts.yaml.replaceAll('{{FAKE}}', fake.url));
  }
  const app = await buildApp({
    env: {
      NODE_ENV: 'test',
      DATA_DIR: dir,
      WEB_DIST: '',
      JWT_SECRET: 'test-jwt-secret',
      JWT_REFRESH_SECRET: 'test-refresh-secret',
      PROVIDER_MAX_RETRIES: '0',
      LOGIN_MAX: '1000',
      REGISTER_MAX: '1000',
      RESET_PASSWORD_MAX: '1000',
      VERIFY_EMAIL_MAX: '1000',
      FORK_USER_MAX: '1000',
      FORK_IP_MAX: '1000',
      MESSAGE_IP_MAX: '10000',
      CONCURRENT_MESSAGE_MAX: '50',
      OPENAI_API_KEY: 'sk-test-openai',
      OPENAI_BASE_URL: fake.urls.openai,
      OPENAI_MODELS: 'gpt-4o,gpt-4o-mini',
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: fake.urls.anthropic,
      GOOGLE_KEY: 'google-test-key',
      GOOGLE_BASE_URL: fake.urls.gemini,
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      ...(configPath ? { CONFIG_PATH: configPath } : {}),
      ...Object.fromEntries(
        Object.entries(opts.env ?? {}).map(([k, v]) => [k, v.replaceAll('{{FAKE}}', fake.url)]),
      ),
    },
  });
  const served = await serve(app, fake, opts.port);
  return {
    ...served,
    async close() {
      await served.close();
      await fake.close();
      await pgDb?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * An app listening on `port` (0: a free one). Its close() stops the app only, ending every
 * connection at once: a test may leave a request half-sent (an upload refused before its end), and
 * the server would wait out its request timeout for it.
 */
export async function serve(app: TestApp['app'], fake: FakeProvider, port = 0): Promise<TestApp> {
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  const bound = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    fake,
    base: `http://127.0.0.1:${bound}`,
    async close() {
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
    },
  };
}

export interface Session {
  token: string;
  cookie: string;
  userId: string;
  email: string;
}

let counter = 0;

/** Register and sign in a new user; returns the access token and refresh cookie. */
export async function signUp(t: TestApp, name = 'Test User'): Promise<Session> {
  const email = `user${++counter}-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct horse battery';
  const reg = await fetch(`${t.base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password, confirm_password: password }),
  });
  if (reg.status !== 200) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const res = await fetch(`${t.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: { id: string } };
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  return { token: body.token, cookie, userId: body.user.id, email };
}

export function authed(s: Session, extra: Record<string, string> = {}) {
  return { authorization: `Bearer ${s.token}`, 'content-type': 'application/json', ...extra };
}

export interface Frame {
  seq: number;
  data: SseFrame;
}

/** Read an SSE response into frames; stops early when `until` says so. */
export type FinalFrame = Extract<SseFrame, { final: true }>;

/** The `final` frame of a finished chat stream (the test fails when there is none). */
export function finalFrame(frames: Frame[]): FinalFrame {
  const frame = frames.find((x) => 'final' in x.data);
  if (!frame) throw new Error('The stream ended without a final frame.');
  return frame.data as FinalFrame;
}

export async function readFrames(res: Response, until?: (f: Frame) => boolean): Promise<Frame[]> {
  const frames: Frame[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    let idx = buffer.indexOf('\n\n');
    while (idx !== -1) {
      const block = buffer.slice(0, idx);
      buffer = buffer.slice(idx + 2);
      const id = /^id: (\d+)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (id && data) {
        const frame = { seq: Number(id), data: JSON.parse(data) as SseFrame };
        frames.push(frame);
        if (until?.(frame)) {
          await reader.cancel();
          return frames;
        }
      }
      idx = buffer.indexOf('\n\n');
    }
  }
  return frames;
}

export function postChat(t: TestApp, s: Session, body: Record<string, unknown>) {
  return fetch(`${t.base}/api/chat`, {
    method: 'POST',
    headers: authed(s),
    body: JSON.stringify({
      parentMessageId: NO_PARENT,
      conversationId: null,
      endpoint: 'openAI',
      model: 'gpt-4o',
      ...body,
    }),
  });
}

/** Text of all message deltas in order. */
export function deltaText(frames: Frame[]): string {
  return frames
    .map((f) => f.data)
    .filter(
      (d): d is Extract<SseFrame, { event: 'on_message_delta' }> =>
        'event' in d && d.event === 'on_message_delta',
    )
    .map((d) => d.data.delta.content[0].text)
    .join('');
}

/**
 * `describe.each(dialects)` with one app per dialect, started before the block's tests and closed
 * after them. The body gets the app as `t` (read it inside tests and hooks: it is started in
 * beforeAll, so its properties do not exist while the body itself runs).
 */
export function describeApp(name: string, body: (t: TestApp, dialect: TestDialect) => void): void;
export function describeApp(
  name: string,
  opts: TestAppOptions,
  body: (t: TestApp, dialect: TestDialect) => void,
): void;
export function describeApp(
  name: string,
  optsOrBody: TestAppOptions | ((t: TestApp, dialect: TestDialect) => void),
  maybeBody?: (t: TestApp, dialect: TestDialect) => void,
): void {
  const opts = typeof optsOrBody === 'function' ? {} : optsOrBody;
  const body = typeof optsOrBody === 'function' ? optsOrBody : maybeBody!;
  describe.each(dialects)(`${name} (%s)`, (dialect) => {
    let started: TestApp | undefined;
    beforeAll(async () => {
      started = await startTestApp(dialect, opts);
    });
    afterAll(async () => started?.close());
    // Stands in for the app until beforeAll has started it.
    const t = new Proxy({} as TestApp, {
      get(_, key) {
        if (!started) throw new Error(`the ${name} test app is not started yet (read t inside a test)`);
        return started[key as keyof TestApp];
      },
    });
    body(t, dialect);
  });
}

export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Every route the app serves under /api (HEAD left out: Fastify adds it to each GET), read from
 * `printRoutes()`'s tree by its indentation: each line adds its segment to its parent's path. A
 * line that cannot be read fails, so no route can slip past a test that walks this list.
 */
export function apiRoutes(t: TestApp): RouteEntry[] {
  const found = new Map<string, RouteEntry>();
  const path: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    if (!line.trim()) continue;
    const m = /^((?:│ {3}| {4})*)[├└]── (.*) \(([A-Z, ]+)\)$/.exec(line);
    if (!m) throw new Error(`unreadable printRoutes line: ${line}`);
    const depth = m[1].length / 4;
    path.length = depth;
    path.push(m[2]);
    // A prefix's root is registered with and without its trailing slash: one route.
    const url = path.join('').replace(/(.)\/$/, '$1');
    if (!url.startsWith('/api/')) continue;
    for (const method of m[3].split(', ')) {
      if (method !== 'HEAD') found.set(`${method} ${url}`, { method, url });
    }
  }
  return [...found.values()];
}

/**
 * A route's method and path with parameter names blurred (`/api/share/:`): the router prints two
 * parameters at one position as one (`:shareId|:conversationId`), so names cannot be compared.
 */
export const routeKey = (method: string, url: string) => `${method} ${url.replace(/:[^/]+/g, ':')}`;

/**
 * A fresh database migrated up to `last` (its name and every name sorting before it), as an older
 * release left it: for upgrade tests, which then write old rows and run migrateToLatest.
 */
export async function databaseAt(
  dialect: 'sqlite' | 'postgres',
  last: string,
): Promise<{ db: Kysely<Database>; dispose: () => Promise<void> }> {
  const pgDb = dialect === 'postgres' ? await freshPostgresUrl() : null;
  const db = new Kysely<Database>({
    dialect: pgDb
      ? new PostgresDialect({ pool: new pg.Pool({ connectionString: pgDb.url, max: 2 }) })
      : new SqliteDialect({ database: new SQLite(':memory:') }),
  });
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => before },
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  return {
    db,
    dispose: async () => {
      await db.destroy();
      await pgDb?.drop();
    },
  };
}

/** A user row any schema since the first migration holds, for upgrade tests' old rows. */
export async function insertOldUser(db: Kysely<Database>, id = 'u1'): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('users')
    .values({
      id,
      email: `${id}@example.com`,
      name: 'A',
      role: 'USER',
      provider: 'local',
      email_verified: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
