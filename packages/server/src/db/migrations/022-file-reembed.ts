import type { Kysely } from 'kysely';

/**
 * Re-embedding after the embedding model changes (files/rag/reembed.ts): who is working on a
 * file's index (a claim token and when it was last confirmed, so instances sharing a database
 * never embed the same file twice, and a crashed instance's claim goes stale), and when to try
 * again after the provider failed (attempts, next try). All four reset when the file is indexed
 * again (the row is written anew). The index on the model finds files embedded with another one
 * without reading every file's row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('file_texts').addColumn('reembed_claim', 'text').execute();
  await db.schema.alterTable('file_texts').addColumn('reembed_claimed_at', 'bigint').execute();
  await db.schema
    .alterTable('file_texts')
    .addColumn('reembed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('file_texts').addColumn('reembed_after', 'bigint').execute();
  await db.schema.createIndex('file_texts_by_model').on('file_texts').column('embedding_model').execute();
}
