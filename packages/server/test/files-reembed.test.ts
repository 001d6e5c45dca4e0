import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FakeProvider, fakeEmbedding, startFakeProvider } from '@parley/fake-provider';
import { type FileConfig, type FileUploadResult, paths } from '@parley/schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Db } from '../src/db/index.ts';
import { type Embedder, embedder, embeddingsTarget, embeddingText } from '../src/files/rag/embed.ts';
import { startReembedJob } from '../src/files/rag/reembed.ts';
import { claimFile } from '../src/files/rag/reembed-queue.ts';
import { retrievePassages } from '../src/files/rag/retrieve.ts';
import { NOT_EMBEDDED } from '../src/files/rag/store.ts';
import { fromFloat32Bytes } from '../src/files/rag/vectors.ts';
import { makeUser } from './factories.ts';
import { makePdf, prosePage } from './files-fixtures.ts';
import { bearer, upload } from './files-upload.ts';
import {
  dialects,
  freshPostgresUrl,
  type Session,
  serve,
  type TestApp,
  type TestDialect,
} from './helpers.ts';

/**
 * Re-embedding after the embedding model changes (files/rag/reembed.ts), on the real database and
 * the fake provider's /embeddings: files uploaded on a server embedding with one model, the server
 * restarted with another; a provider that fails or hangs; two jobs on one database.
 */

const OLD_MODEL = 'text-embedding-3-small'; // 1536 dimensions at the fake provider
const NEW_MODEL = 'text-embedding-3-large'; // 3072
const NEW_DIMS = 3072;
/** A query no chunk has a word of: full text finds nothing, so any passage comes from vectors. */
const NO_WORDS = 'qwertyuiop zxcvbnmlkj';

const REPORT = makePdf([
  { lines: ['Annual report of the lighthouse keepers.', ...prosePage(1, 30)] },
  { lines: ['The aquarium budget rose to 4.2 million for coral tanks.', ...prosePage(2, 30)] },
  { lines: ['Zeppelin hangar maintenance is scheduled for March.', ...prosePage(3, 30)] },
]);

/** Short waits for the tests (the module's constants are minutes). */
const FAST = {
  batch: 2,
  retryBaseMs: 30,
  retryMaxMs: 120,
  pauseBaseMs: 10,
  pauseMaxMs: 40,
  pollMs: 20,
};

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A provider in front of the fake one that can be down (503) or hang (never answers), and counts
 * what it was asked: an outage at the network, not a stand-in for our embedder.
 */
async function flakyProvider(fake: FakeProvider) {
  const state = { mode: 'up' as 'up' | 'down' | 'hang', refused: 0, requests: 0 };
  const server: Server = createServer(async (req, res) => {
    state.requests++;
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (state.mode === 'hang') return;
    if (state.mode === 'down') {
      state.refused++;
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } }));
      return;
    }
    const answer = await fetch(`${fake.url}${req.url}`, {
      method: req.method,
      headers: { 'content-type': 'application/json', authorization: req.headers.authorization ?? '' },
      body: Buffer.concat(chunks),
    });
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    url: `http://127.0.0.1:${port}/openai/v1`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const ragEnv = (model: string, baseURL: string) => ({
  EMBEDDINGS_PROVIDER: 'openai',
  EMBEDDINGS_MODEL: model,
  RAG_OPENAI_API_KEY: 'sk-rag-test',
  RAG_OPENAI_BASEURL: baseURL,
});

const embedderFor = (model: string, baseURL: string): Embedder =>
  embedder(embeddingsTarget({ env: ragEnv(model, baseURL), catalog: [] })!);

/**
 * One database and data folder that several app starts share (a restart keeps both), with the
 * fake provider behind every endpoint.
 */
async function world(dialect: TestDialect) {
  const fake = await startFakeProvider();
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-reembed-'));
  const pgDb = dialect === 'postgres' ? await freshPostgresUrl() : null;
  const apps: TestApp[] = [];
  async function boot(env: Record<string, string> = {}): Promise<TestApp> {
    const app = await buildApp({
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATA_DIR: dir,
        WEB_DIST: '',
        JWT_SECRET: 'test-jwt-secret',
        JWT_REFRESH_SECRET: 'test-refresh-secret',
        OPENAI_API_KEY: 'sk-test-openai',
        OPENAI_BASE_URL: fake.urls.openai,
        ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
        ...env,
      },
    });
    const t = await serve(app, fake);
    apps.push(t);
    return t;
  }
  return {
    fake,
    boot,
    async close() {
      for (const t of apps) if (t.app.server.listening) await t.close();
      await fake.close();
      await pgDb?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function uploadReport(t: TestApp, s: Session, name: string): Promise<string> {
  const res = await upload(t, s, name, REPORT, {
    fields: { endpoint: 'openAI', tool_resource: 'file_search' },
    claimedType: 'application/pdf',
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as FileUploadResult).file_id;
}

const indexOf = (db: Db, fileId: string) =>
  db
    .selectFrom('file_texts as t')
    .innerJoin('files as f', 'f.file_id', 't.file_id')
    .select([
      't.embedding_model',
      't.embedding_dims',
      't.reembed_claim',
      't.reembed_attempts',
      'f.status',
      'f.error',
      'f.embedded',
    ])
    .where('t.file_id', '=', fileId)
    .executeTakeFirstOrThrow();

/** Every chunk's stored vector is the new model's embedding of that chunk's own text. */
async function expectVectorsOfOwnText(db: Db, fileId: string, dims: number) {
  const chunks = await db
    .selectFrom('file_chunks')
    .select(['heading', 'text', 'embedding'])
    .where('file_id', '=', fileId)
    .orderBy('ordinal')
    .execute();
  expect(chunks.length).toBeGreaterThan(2);
  for (const c of chunks) {
    const stored = fromFloat32Bytes(c.embedding as Buffer);
    expect(stored.length).toBe(dims);
    const want = fakeEmbedding(embeddingText(c), dims);
    let dot = 0;
    for (let i = 0; i < dims; i++) dot += stored[i] * want[i];
    expect(dot).toBeCloseTo(1, 4);
  }
}

/** Chunk texts the fake provider was asked to embed with `model`. */
const embeddedInputs = (fake: FakeProvider, model: string) =>
  fake.journal
    .all()
    .filter((e) => e.kind === 'embeddings' && (e.body as { model?: string }).model === model)
    .flatMap((e) => (e.body as { input: string[] }).input);

describe.each(dialects)('file re-embedding (%s)', (dialect) => {
  let w: Awaited<ReturnType<typeof world>>;
  let proxy: Awaited<ReturnType<typeof flakyProvider>>;
  beforeEach(async () => {
    w = await world(dialect);
    proxy = await flakyProvider(w.fake);
  });
  afterEach(async () => {
    await proxy.close();
    await w.close();
  });

  it('after a restart with another model, files are embedded again and ranked by vectors, per user', async () => {
    const first = await w.boot(ragEnv(OLD_MODEL, w.fake.urls.openai));
    const a = await makeUser(first);
    const b = await makeUser(first);
    const aFile = await uploadReport(first, a, 'a.pdf');
    const bFile = await uploadReport(first, b, 'b.pdf');
    expect(await indexOf(first.app.ctx.db, aFile)).toMatchObject({ embedding_model: OLD_MODEL, embedded: 1 });

    const newEmbedder = embedderFor(NEW_MODEL, w.fake.urls.openai);
    const ask = (db: Db, userId: string, fileIds: string[], query: string) =>
      retrievePassages({ db, dialect, userId, fileIds, query, embedder: newEmbedder });
    // Under the new model, before re-embedding: full text only, which finds nothing for these words.
    expect(await ask(first.app.ctx.db, a.userId, [aFile], NO_WORDS)).toEqual([]);
    await first.close();

    w.fake.journal.clear();
    const second = await w.boot(ragEnv(NEW_MODEL, w.fake.urls.openai));
    const db = second.app.ctx.db;
    await second.app.ctx.fileReembed!.idle();
    for (const fileId of [aFile, bFile]) {
      expect(await indexOf(db, fileId)).toMatchObject({
        embedding_model: NEW_MODEL,
        embedding_dims: NEW_DIMS,
        reembed_claim: null,
        status: 'ready',
        embedded: 1,
      });
      await expectVectorsOfOwnText(db, fileId, NEW_DIMS);
    }
    // The chunks were embedded from the stored texts, each once; nothing was extracted again.
    const chunkTexts = await db
      .selectFrom('file_chunks')
      .select(['heading', 'text'])
      .where('file_id', 'in', [aFile, bFile])
      .execute();
    expect(embeddedInputs(w.fake, NEW_MODEL).sort()).toEqual(chunkTexts.map(embeddingText).sort());

    // Vectors now rank: words no chunk has still find the nearest passages.
    w.fake.journal.clear();
    const byVector = await ask(db, a.userId, [aFile], NO_WORDS);
    expect(byVector.length).toBeGreaterThan(0);
    expect(new Set(byVector.map((p) => p.file_id))).toEqual(new Set([aFile]));
    expect(embeddedInputs(w.fake, NEW_MODEL)).toEqual([NO_WORDS]);
    expect((await ask(db, a.userId, [aFile], 'aquarium coral tanks budget'))[0].page).toBe(2);
    // Users stay apart: B naming A's file gets nothing, and only B's passages otherwise.
    expect(await ask(db, b.userId, [aFile], NO_WORDS)).toEqual([]);
    const bHits = await ask(db, b.userId, [aFile, bFile], NO_WORDS);
    expect(bHits.length).toBeGreaterThan(0);
    expect(new Set(bHits.map((p) => p.file_id))).toEqual(new Set([bFile]));

    // The config tells the client file search is hybrid, and with which model.
    const config = (await (
      await fetch(`${second.base}${paths.fileConfig}`, { headers: bearer(a) })
    ).json()) as FileConfig;
    expect(config.fileSearch).toEqual({ mode: 'hybrid', embeddingModel: NEW_MODEL });
  }, 60_000);

  it('while the provider is down, files stay ready and searchable by full text, and the job retries', async () => {
    const t = await w.boot(ragEnv(OLD_MODEL, w.fake.urls.openai));
    const a = await makeUser(t);
    const fileId = await uploadReport(t, a, 'report.pdf');
    const db = t.app.ctx.db;
    proxy.state.mode = 'down';
    const newEmbedder = embedderFor(NEW_MODEL, proxy.url);
    const job = startReembedJob({ db, dialect, embedder: newEmbedder, log: t.app.log, timings: FAST });
    try {
      await until('three refused attempts', async () => proxy.state.refused >= 3);
      const during = await indexOf(db, fileId);
      expect(during).toMatchObject({ embedding_model: OLD_MODEL, status: 'ready', error: null, embedded: 1 });
      expect(during.reembed_attempts).toBeGreaterThanOrEqual(1);
      // Searching with the new model: the query's embedding fails too, full text still answers.
      const [hit] = await retrievePassages({
        db,
        dialect,
        userId: a.userId,
        fileIds: [fileId],
        query: 'zeppelin hangar maintenance',
        embedder: newEmbedder,
      });
      expect(hit).toMatchObject({ file_id: fileId, page: 3 });

      proxy.state.mode = 'up';
      await until('the file under the new model', async () => {
        return (await indexOf(db, fileId)).embedding_model === NEW_MODEL;
      });
      expect(await indexOf(db, fileId)).toMatchObject({
        reembed_attempts: 0,
        reembed_claim: null,
        status: 'ready',
      });
      await expectVectorsOfOwnText(db, fileId, NEW_DIMS);
    } finally {
      await job.stop();
    }
  }, 60_000);

  it('closing the server does not wait for a hanging provider, and frees the file for the next start', async () => {
    const t = await w.boot();
    expect(t.app.ctx.fileReembed).toBeNull();
    const a = await makeUser(t);
    // Uploaded without embeddings: due as soon as a server starts with them.
    const fileId = await uploadReport(t, a, 'report.pdf');
    expect(await indexOf(t.app.ctx.db, fileId)).toMatchObject({ embedding_model: NOT_EMBEDDED, embedded: 0 });
    expect(
      (await (await fetch(`${t.base}${paths.fileConfig}`, { headers: bearer(a) })).json()).fileSearch,
    ).toEqual({ mode: 'full_text' });
    await t.close();

    proxy.state.mode = 'hang';
    const hanging = await w.boot(ragEnv(NEW_MODEL, proxy.url));
    await until('the job asking the provider', async () => proxy.state.requests > 0);
    expect((await indexOf(hanging.app.ctx.db, fileId)).reembed_claim).not.toBeNull();
    const started = performance.now();
    await hanging.close();
    // The embeddings call's own timeout is a minute; close aborts it.
    expect(performance.now() - started).toBeLessThan(5_000);

    proxy.state.mode = 'up';
    const next = await w.boot(ragEnv(NEW_MODEL, proxy.url));
    const db = next.app.ctx.db;
    await next.app.ctx.fileReembed!.idle();
    expect(await indexOf(db, fileId)).toMatchObject({
      embedding_model: NEW_MODEL,
      embedded: 1,
      reembed_claim: null,
    });
    await expectVectorsOfOwnText(db, fileId, NEW_DIMS);
  }, 60_000);

  it('two jobs on one database share the files: each chunk is embedded once', async () => {
    const t = await w.boot(ragEnv(OLD_MODEL, w.fake.urls.openai));
    const users = [await makeUser(t), await makeUser(t)];
    const files: string[] = [];
    for (let i = 0; i < 6; i++) files.push(await uploadReport(t, users[i % 2], `r${i}.pdf`));
    const db = t.app.ctx.db;

    // Claiming is atomic: of two claims of one file at once, one wins.
    const now = Date.now();
    const q = { embedderId: NEW_MODEL, now, staleBefore: now - 60_000 };
    const f = { user_id: users[0].userId, file_id: files[0] };
    const claims = await Promise.all([claimFile(db, f, 'one', q), claimFile(db, f, 'two', q)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    await db.updateTable('file_texts').set({ reembed_claim: null, reembed_claimed_at: null }).execute();

    w.fake.journal.clear();
    const emb = embedderFor(NEW_MODEL, w.fake.urls.openai);
    const jobs = [1, 2].map(() =>
      startReembedJob({ db, dialect, embedder: emb, log: t.app.log, timings: FAST }),
    );
    try {
      await until('every file under the new model', async () => {
        const rows = await db.selectFrom('file_texts').select('embedding_model').execute();
        return rows.length === files.length && rows.every((r) => r.embedding_model === NEW_MODEL);
      });
    } finally {
      await Promise.all(jobs.map((j) => j.stop()));
    }
    const chunks = await db.selectFrom('file_chunks').select(['heading', 'text']).execute();
    expect(embeddedInputs(w.fake, NEW_MODEL)).toHaveLength(chunks.length);
    for (const fileId of files) await expectVectorsOfOwnText(db, fileId, NEW_DIMS);
  }, 60_000);
});
