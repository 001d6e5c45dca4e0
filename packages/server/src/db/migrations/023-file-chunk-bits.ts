import type { Kysely } from 'kysely';
import { addChunkSignBits } from '../dialects/file-chunks-ddl.ts';

/**
 * Each chunk's vector also as sign bits: file search chooses candidates by them and scores only
 * those by their vectors (db/dialects/file-chunks-ddl.ts, files/rag/retrieve.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addChunkSignBits(db);
}
