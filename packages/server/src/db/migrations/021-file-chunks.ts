import type { Kysely } from 'kysely';
import { createFileChunkTables } from '../dialects/file-chunks-ddl.ts';

/**
 * File search (issue 14): extracted texts, chunks with their vectors, and the chunks' full-text
 * index, per dialect (db/dialects/file-chunks-ddl.ts). Written with the file's status in one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createFileChunkTables(db);
}
