import { type Kysely, sql } from 'kysely';

/**
 * Re-embedding after the embedding model changes (files/rag/reembed.ts): who is working on a
 * file's index (a claim token and when it was last confirmed, so instances sharing a database
 * never embed the same file twice, and a crashed instance's claim goes stale), and when to try
 * again after the provider failed (attempts, next try). All four reset when the file is indexed
 * again (the row is written anew).
 *
 * A document that should have vectors and has none is now marked '' (store.ts NOT_EMBEDDED)
 * instead of NULL, which stays for files that never get any ("upload as text"): the job then
 * reads only due files through the model index, however many files are stored.
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
  await sql`UPDATE file_texts SET embedding_model = ''
    WHERE embedding_model IS NULL AND file_id IN (
      SELECT file_id FROM files WHERE tool_resource IS NULL OR tool_resource <> 'context')`.execute(db);
  await db.schema.createIndex('file_texts_by_model').on('file_texts').column('embedding_model').execute();
}
