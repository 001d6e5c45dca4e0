import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { fakeEmbedding } from '@parley/fake-provider';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { newFileRow } from '../src/db/rows.ts';
import type { Database } from '../src/db/schema.ts';
import { chunkText } from '../src/files/extract/chunk.ts';
import type { Embedder } from '../src/files/rag/embed.ts';
import { startReembedJob } from '../src/files/rag/reembed.ts';
import { retrievePassages, vectorSql } from '../src/files/rag/retrieve.ts';
import { writeFileIndex } from '../src/files/rag/store.ts';
import { vectorStore } from '../src/files/rag/vectors.ts';

/**
 * The pgvector path. Debian's PostgreSQL here has no pgvector package, so this runs the app's
 * migrations and file search SQL on PGlite (PostgreSQL compiled to WebAssembly) with its pgvector
 * build (m2-stack.md §1.2). CI tests: SQLite (sqlite-vec), PostgreSQL without pgvector (vectors
 * scored in the app), and pgvector's SQL here.
 */

/** Just enough of node-postgres' Pool for Kysely's PostgresDialect, over one PGlite instance. */
function pglitePool(db: PGlite) {
  const client = {
    async query(text: string, params: unknown[] = []) {
      const r = await db.query<Record<string, unknown>>(text, params);
      return {
        rows: r.rows,
        rowCount: r.affectedRows ?? 0,
        command: text.trim().split(/\s+/)[0].toUpperCase(),
      };
    },
    release() {},
  };
  return { connect: async () => client, end: async () => {} };
}

const DIMS = 64;
const hashEmbedder: Embedder = {
  id: 'fake-64',
  embed: async (texts) => texts.map((t) => fakeEmbedding(t, DIMS)),
};

describe('file search on pgvector (PGlite)', () => {
  let pg: PGlite;
  let db: Kysely<Database>;
  const userId = randomUUID();
  const other = randomUUID();

  async function file(owner: string, name: string, text: string): Promise<string> {
    const fileId = randomUUID();
    await db
      .insertInto('files')
      .values(
        newFileRow({
          fileId,
          userId: owner,
          filename: name,
          storageKey: fileId,
          type: 'text/plain',
          bytes: text.length,
          toolResource: 'file_search',
          status: 'pending',
        }),
      )
      .execute();
    const { countTokens } = await import('gpt-tokenizer');
    const chunks = chunkText(text, undefined, { countTokens });
    await writeFileIndex(db, 'postgres', {
      userId: owner,
      fileId,
      text,
      chunks,
      vectors: await hashEmbedder.embed(chunks.map((c) => c.text)),
      embeddingModel: hashEmbedder.id,
      tokens: countTokens(text),
      now: Date.now(),
    });
    return fileId;
  }

  beforeAll(async () => {
    pg = await PGlite.create({ extensions: { vector } });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pglitePool(pg) as never }) });
    await migrateToLatest(db as Kysely<unknown>);
    const now = Date.now();
    for (const id of [userId, other]) {
      await sql`INSERT INTO users (id, email, name, role, provider, created_at, updated_at)
        VALUES (${id}, ${`${id}@example.com`}, 'U', 'USER', 'local', ${now}, ${now})`.execute(db);
    }
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    await pg?.close();
  });

  it('migrates with a vector column and scores in SQL', async () => {
    expect(await vectorStore(db, 'postgres')).toBe('pgvector');
    const a = await file(
      userId,
      'ocean.txt',
      'Whales migrate across the ocean every winter.\n\nCoral reefs need warm water.',
    );
    const b = await file(
      userId,
      'space.txt',
      'Rockets reach orbit with staged engines.\n\nSatellites circle the planet.',
    );
    await file(other, 'ocean-too.txt', 'Whales migrate across the ocean every winter.');

    const hits = await retrievePassages({
      db,
      dialect: 'postgres',
      userId,
      fileIds: [a, b],
      query: 'where do whales migrate',
      embedder: hashEmbedder,
    });
    expect(hits[0]).toMatchObject({ file_id: a, filename: 'ocean.txt' });
    expect(new Set(hits.map((h) => h.file_id))).toEqual(new Set([a, b]));
    // The vector side alone ranks by pgvector's cosine distance.
    const { rows } = await vectorSql(
      'pgvector',
      userId,
      [a, b],
      fakeEmbedding('orbit rockets', DIMS),
    ).execute(db);
    const top = await db
      .selectFrom('file_chunks')
      .select('file_id')
      .where('id', '=', rows[0].id)
      .executeTakeFirst();
    expect(top?.file_id).toBe(b);
    // Another user's identical file never shows.
    const theirs = await retrievePassages({
      db,
      dialect: 'postgres',
      userId: other,
      fileIds: [a, b],
      query: 'whales',
      embedder: hashEmbedder,
    });
    expect(theirs).toEqual([]);
  });

  it('re-embedding under another model writes pgvector vectors of the new size', async () => {
    const small: Embedder = {
      id: 'fake-32',
      embed: async (texts) => texts.map((t) => fakeEmbedding(t, 32)),
    };
    const a = await file(userId, 'tides.txt', 'Tides follow the moon.\n\nHarbours flood at spring tide.');
    const b = await file(userId, 'engines.txt', 'Rockets reach orbit with staged engines.');
    const job = startReembedJob({
      db,
      dialect: 'postgres',
      embedder: small,
      log: { info() {}, warn() {} },
      timings: { pollMs: 20 },
    });
    await job.idle();
    await job.stop();
    const models = await db
      .selectFrom('file_texts')
      .select(['embedding_model', 'embedding_dims'])
      .where('file_id', 'in', [a, b])
      .execute();
    expect(models).toEqual([
      { embedding_model: 'fake-32', embedding_dims: 32 },
      { embedding_model: 'fake-32', embedding_dims: 32 },
    ]);
    const { rows } = await vectorSql('pgvector', userId, [a, b], fakeEmbedding('orbit rockets', 32)).execute(
      db,
    );
    const top = await db
      .selectFrom('file_chunks')
      .select('file_id')
      .where('id', '=', rows[0].id)
      .executeTakeFirst();
    expect(top?.file_id).toBe(b);
  });
});
