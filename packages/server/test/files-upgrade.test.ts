import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Dialect } from '../src/db/index.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { newFileRow } from '../src/db/rows.ts';
import { signBits, toFloat32Bytes } from '../src/files/rag/vectors.ts';
import { databaseAt, dialects, insertOldUser } from './helpers.ts';

describe.each(dialects)('file search upgrade (%s)', (dialect: Dialect) => {
  it('gives the chunks embedded before migration 023 their sign bits, and leaves unembedded ones without', async () => {
    // As the first file-search release left it: vectors, no sign bits.
    const { db, dispose } = await databaseAt(dialect, '021-file-chunks');
    try {
      await insertOldUser(db);
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
      await dispose();
    }
  }, 60_000);
});
