import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Dialect } from '../src/db/index.ts';
import { migrateToLatest, migrations } from '../src/db/migrate.ts';
import { newFileRow } from '../src/db/rows.ts';
import type { Database } from '../src/db/schema.ts';
import { signBits, toFloat32Bytes } from '../src/files/rag/vectors.ts';
import { dialects, freshPostgresUrl } from './helpers.ts';

/** A database as the first file-search release left it (vectors, no sign bits). */
const firstFileSearch = Object.fromEntries(
  Object.entries(migrations).filter(([name]) => name <= '021-file-chunks'),
);

describe.each(dialects)('file search upgrade (%s)', (dialect: Dialect) => {
  it('gives the chunks embedded before migration 023 their sign bits, and leaves unembedded ones without', async () => {
    const pgDb = dialect === 'postgres' ? await freshPostgresUrl() : null;
    const db = new Kysely<Database>({
      dialect: pgDb
        ? new PostgresDialect({ pool: new pg.Pool({ connectionString: pgDb.url, max: 2 }) })
        : new SqliteDialect({ database: new SQLite(':memory:') }),
    });
    try {
      const old = new Migrator({
        db,
        provider: { getMigrations: async () => firstFileSearch },
        allowUnorderedMigrations: true,
      });
      expect((await old.migrateToLatest()).error).toBeUndefined();
      const now = Date.now();
      await db
        .insertInto('users')
        .values({
          id: 'u1',
          email: 'a@example.com',
          name: 'A',
          role: 'USER',
          provider: 'local',
          email_verified: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const file = newFileRow({
        userId: 'u1',
        filename: 'a.pdf',
        storageKey: 'k',
        type: 'application/pdf',
        bytes: 1,
      });
      await db.insertInto('files').values(file).execute();
      // More rows than one backfill batch, so every batch is walked.
      const vectors = Array.from({ length: 1203 }, (_, i) =>
        Array.from({ length: 16 }, (_, d) => Math.sin(i * 31 + d * 7)),
      );
      const chunk = (i: number, embedding: Buffer | null) => ({
        user_id: 'u1',
        file_id: file.file_id,
        ordinal: i,
        char_offset: i,
        page: null,
        heading: null,
        text: `chunk ${i}`,
        tokens: 2,
        embedding,
      });
      for (let i = 0; i < vectors.length; i += 300)
        await db
          .insertInto('file_chunks')
          .values(vectors.slice(i, i + 300).map((v, j) => chunk(i + j, toFloat32Bytes(v))))
          .execute();
      await db.insertInto('file_chunks').values(chunk(vectors.length, null)).execute();

      await migrateToLatest(db as Kysely<unknown>);

      const rows = await db
        .selectFrom('file_chunks')
        .select(['ordinal', 'embedding_bits'])
        .orderBy('ordinal')
        .execute();
      expect(rows).toHaveLength(vectors.length + 1);
      for (const r of rows.slice(0, vectors.length))
        expect(Buffer.from(r.embedding_bits!).equals(signBits(vectors[r.ordinal]))).toBe(true);
      expect(rows.at(-1)!.embedding_bits).toBeNull();
    } finally {
      await db.destroy();
      await pgDb?.drop();
    }
  }, 60_000);
});
