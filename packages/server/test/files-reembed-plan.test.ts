import { randomUUID } from 'node:crypto';
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { dueFilesQuery } from '../src/files/rag/reembed-queue.ts';
import { NOT_EMBEDDED } from '../src/files/rag/store.ts';
import { makeUser } from './factories.ts';
import { databaseAt, describeApp, dialects, type TestDialect } from './helpers.ts';

/**
 * The re-embedding job looks for due files every minute on every instance, over all users' files:
 * with nothing due it must read the model index's ranges around the current model, not every
 * file's row ("upload as text" files, never embedded, are NULL and in neither range). Plans, not
 * times (the style of query-plans.test.ts); SHOW_PLANS=1 prints them.
 */

const FILES = 6000;
const MODEL = 'text-embedding-3-small';

async function planOf(db: Db, dialect: TestDialect, q: CompiledQuery): Promise<string> {
  const explain = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN (COSTS OFF)';
  const { rows } = await db.executeQuery<Record<string, unknown>>({ ...q, sql: `${explain} ${q.sql}` });
  return rows.map((r) => String(dialect === 'sqlite' ? r.detail : r['QUERY PLAN'])).join('\n');
}

describeApp('files: re-embedding queue plan', (t, dialect) => {
  let db: Db;
  beforeAll(async () => {
    db = t.app.ctx.db;
    const userId = (await makeUser(t)).userId;
    for (let i = 0; i < FILES; i += 500) {
      const ids = Array.from({ length: 500 }, () => randomUUID());
      // Every third file was uploaded as text (no vectors, NULL); the rest embedded with MODEL.
      const asText = (n: number) => (i + n) % 3 === 0;
      await db
        .insertInto('files')
        .values(
          ids.map((id, n) => ({
            file_id: id,
            user_id: userId,
            filename: `f${i + n}.txt`,
            storage_key: id,
            type: 'text/plain',
            bytes: 1,
            width: null,
            height: null,
            source: 'local',
            tool_resource: asText(n) ? 'context' : 'file_search',
            status: 'ready',
            error: null,
            embedded: asText(n) ? 0 : 1,
            tokens: 1,
            conversation_id: null,
            message_id: null,
            created_at: i + n,
            updated_at: i + n,
            expires_at: null,
          })),
        )
        .execute();
      await db
        .insertInto('file_texts')
        .values(
          ids.map((id, n) => ({
            file_id: id,
            user_id: userId,
            text: 'text',
            pages: null,
            embedding_model: asText(n) ? null : MODEL,
            embedding_dims: asText(n) ? null : 1536,
            created_at: i + n,
          })),
        )
        .execute();
    }
    if (dialect === 'postgres') await sql`ANALYZE`.execute(db);
  }, 60_000);

  it('with nothing due, reads the model index around the current model, not every file', async () => {
    const q = dueFilesQuery(db, MODEL, 16, { indexedBefore: Date.now() });
    expect(await q.execute()).toEqual([]);
    const plan = await planOf(db, dialect, q.compile());
    if (process.env.SHOW_PLANS) console.log(`--- ${dialect}\n${plan}`);
    expect(plan, plan).toMatch(/file_texts_by_model/);
    expect(plan, plan).not.toMatch(dialect === 'sqlite' ? /SCAN file_texts\b/ : /Seq Scan on file_texts/);
  });

  it('finds files without vectors and files of another model', async () => {
    const pending = await db
      .selectFrom('file_texts')
      .select('file_id')
      .where('embedding_model', '=', MODEL)
      .limit(1)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('file_texts')
      .set({ embedding_model: NOT_EMBEDDED })
      .where('file_id', '=', pending.file_id)
      .execute();
    const due = await dueFilesQuery(db, MODEL, 16, { indexedBefore: Date.now() }).execute();
    expect(due.map((f) => f.file_id)).toEqual([pending.file_id]);
    // Under another model every embedded file is due, the files uploaded as text never.
    const all = await dueFilesQuery(db, 'text-embedding-3-large', FILES, {
      indexedBefore: Date.now(),
    }).execute();
    expect(all).toHaveLength(FILES - FILES / 3);
  });
});

describe.each(dialects)('files: re-embedding queue after an upgrade (%s)', (dialect) => {
  it('marks documents indexed without vectors before migration 022 as due, not those uploaded as text', async () => {
    const { db, dispose } = await databaseAt(dialect, '021-file-chunks');
    try {
      await sql`INSERT INTO users (id, email, name, role, provider, created_at, updated_at)
        VALUES ('u1', 'a@example.com', 'A', 'USER', 'local', 1, 1)`.execute(db);
      const file = (id: string, tool: string | null, model: string | null) => ({ id, tool, model });
      const rows = [
        file('searched', 'file_search', null),
        file('attached', null, null),
        file('as-text', 'context', null),
        file('embedded', 'file_search', MODEL),
      ];
      for (const r of rows) {
        await sql`INSERT INTO files (file_id, user_id, filename, storage_key, type, bytes, source, tool_resource,
            status, embedded, created_at, updated_at)
          VALUES (${r.id}, 'u1', ${r.id}, ${r.id}, 'text/plain', 1, 'local', ${r.tool}, 'ready', 0, 1, 1)`.execute(
          db,
        );
        await sql`INSERT INTO file_texts (file_id, user_id, text, embedding_model, created_at)
          VALUES (${r.id}, 'u1', 'text', ${r.model}, 1)`.execute(db);
      }
      await migrateToLatest(db as Kysely<unknown>);
      const models = await db
        .selectFrom('file_texts')
        .select(['file_id', 'embedding_model'])
        .orderBy('file_id')
        .execute();
      expect(models).toEqual([
        { file_id: 'as-text', embedding_model: null },
        { file_id: 'attached', embedding_model: NOT_EMBEDDED },
        { file_id: 'embedded', embedding_model: MODEL },
        { file_id: 'searched', embedding_model: NOT_EMBEDDED },
      ]);
      const due = await dueFilesQuery(db, MODEL, 10).execute();
      expect(due.map((f) => f.file_id).sort()).toEqual(['attached', 'searched']);
    } finally {
      await dispose();
    }
  });
});
