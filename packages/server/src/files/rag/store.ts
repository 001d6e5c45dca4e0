import { sql, type Transaction } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { Chunk, PageStart } from '../extract/chunk.ts';
import { scopedTerms } from './fts-terms.ts';
import { bitsCacheFor, fileBits } from './vector-cache.ts';
import { signBits, type VectorStore, vectorStore, vectorValue } from './vectors.ts';

/**
 * `file_texts.embedding_model` of a file that should have vectors and has none yet (embeddings
 * were off, or the call failed). NULL is a file that never gets vectors ("upload as text"). Not
 * NULL, so the job's query finds such files through the model index without reading the rest.
 */
export const NOT_EMBEDDED = '';

/** Rows per INSERT: 9 parameters each stays far below SQLite's and PostgreSQL's limits. */
const INSERT_BATCH = 400;

export interface IndexedFile {
  userId: string;
  fileId: string;
  text: string;
  pages?: PageStart[];
  chunks: Chunk[];
  /** One per chunk, in order; absent when the file is not embedded (no embedder, or it failed). */
  vectors?: number[][];
  /** The embedder's id (model, dimensions) the vectors were made with. */
  embeddingModel?: string;
  /**
   * The file should have vectors (a document for search, not "upload as text"): without them it
   * is stored as NOT_EMBEDDED, for the re-embedding job to find once embeddings work.
   */
  vectorsWanted?: boolean;
  /** Tokens of the whole text. */
  tokens: number;
  now: number;
}

/** Remove a file's text and chunks (their full-text rows go with them), inside the caller's transaction. */
export async function removeFileChunks(trx: Transaction<Database> | Db, userId: string, fileId: string) {
  await trx.deleteFrom('file_chunks').where('user_id', '=', userId).where('file_id', '=', fileId).execute();
  await trx.deleteFrom('file_texts').where('user_id', '=', userId).where('file_id', '=', fileId).execute();
}

/**
 * Replace a file's text, chunks, vectors and full-text rows, and mark the file ready with its
 * tokens and `embedded`, in one transaction: search never sees half a file or a stale one.
 * Nothing is written when the file is not the user's (or was deleted meanwhile).
 */
export async function writeFileIndex(db: Db, dialect: Dialect, f: IndexedFile): Promise<boolean> {
  const store = await vectorStore(db, dialect);
  const vectors = usableVectors(f);
  const inserted: number[] = [];
  const written = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('files')
      .set({ status: 'ready', error: null, embedded: vectors ? 1 : 0, tokens: f.tokens, updated_at: f.now })
      .where('user_id', '=', f.userId)
      .where('file_id', '=', f.fileId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    inserted.push(...(await writeIndexRows(trx, dialect, store, f)));
    return true;
  });
  // Without pgvector, candidates are chosen in the app: the new version's bits are at hand, keep them.
  if (written && store === 'app' && vectors && inserted.length === vectors.length)
    bitsCacheFor(db).set(f.fileId, f.now, fileBits(inserted, vectors));
  return written;
}

const usableVectors = (f: IndexedFile) =>
  f.vectors && f.vectors.length === f.chunks.length ? f.vectors : undefined;

/**
 * Replace a file's text, chunks, vectors and full-text rows inside the caller's transaction; the
 * caller writes the file's row in the same one (an upload inserts it, a re-index updates it).
 * Answers the new chunks' ids, in order.
 */
export async function writeIndexRows(
  trx: Transaction<Database> | Db,
  dialect: Dialect,
  store: VectorStore,
  f: IndexedFile,
): Promise<number[]> {
  const vectors = usableVectors(f);
  const inserted: number[] = [];
  await removeFileChunks(trx, f.userId, f.fileId);
  await trx
    .insertInto('file_texts')
    .values({
      file_id: f.fileId,
      user_id: f.userId,
      text: f.text,
      pages: f.pages ? JSON.stringify(f.pages) : null,
      embedding_model: vectors ? (f.embeddingModel ?? null) : f.vectorsWanted ? NOT_EMBEDDED : null,
      embedding_dims: vectors?.[0]?.length ?? null,
      created_at: f.now,
    })
    .execute();
  for (let i = 0; i < f.chunks.length; i += INSERT_BATCH) {
    const rows = f.chunks.slice(i, i + INSERT_BATCH).map((c, j) => {
      const v = vectors?.[i + j];
      return {
        user_id: f.userId,
        file_id: f.fileId,
        ordinal: c.ordinal,
        char_offset: c.offset,
        page: c.page,
        heading: c.heading,
        text: c.text,
        tokens: c.tokens,
        embedding: v ? vectorValue(store, v) : null,
        // pgvector scores every row exactly; the others choose candidates by these first.
        embedding_bits: v && store !== 'pgvector' ? signBits(v) : null,
      };
    });
    const ids = await trx.insertInto('file_chunks').values(rows).returning('id').execute();
    inserted.push(...ids.map((r) => Number(r.id)));
    // SQLite's full-text rows (PostgreSQL's tsvector is a generated column).
    if (dialect === 'sqlite') {
      const fts = f.chunks
        .slice(i, i + INSERT_BATCH)
        .map((c, j) => sql`(${ids[j].id}, ${scopedTerms(f.fileId, c.heading, c.text)})`);
      await sql`INSERT INTO file_chunks_fts (rowid, terms) VALUES ${sql.join(fts)}`.execute(trx);
    }
  }
  return inserted;
}

/** Mark a file failed (the bytes are kept): its reason for the log and the file's `error`. */
export async function markFileFailed(db: Db, userId: string, fileId: string, reason: string, now: number) {
  await db.transaction().execute(async (trx) => {
    await removeFileChunks(trx, userId, fileId);
    await trx
      .updateTable('files')
      .set({ status: 'failed', error: reason.slice(0, 500), embedded: 0, updated_at: now })
      .where('user_id', '=', userId)
      .where('file_id', '=', fileId)
      .execute();
  });
}

export interface FileVectorsUpdate {
  userId: string;
  fileId: string;
  /** The re-embedding claim (reembed-queue.ts) the vectors were made under. */
  claim: string;
  embedderId: string;
  /** Every chunk of the file, by row id, with its new vector. */
  vectors: { id: number; vector: Float32Array }[];
  now: number;
}

/**
 * Replace a file's vectors (re-embedding: the chunks and their texts stay), its embedding model
 * and its index version, in one transaction: search sees the old model's vectors or the new
 * model's, never a mix. Nothing is written when the claim was lost: the file was indexed again,
 * deleted, or taken over by another instance after the claim went stale.
 */
export async function writeFileVectors(db: Db, dialect: Dialect, u: FileVectorsUpdate): Promise<boolean> {
  const store = await vectorStore(db, dialect);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('file_texts')
      .set({
        embedding_model: u.embedderId,
        embedding_dims: u.vectors[0]?.vector.length ?? null,
        // A new version: vectors cached per (file, version) are not reused.
        created_at: u.now,
        reembed_claim: null,
        reembed_claimed_at: null,
        reembed_attempts: 0,
        reembed_after: null,
      })
      .where('user_id', '=', u.userId)
      .where('file_id', '=', u.fileId)
      .where('reembed_claim', '=', u.claim)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    for (const { id, vector } of u.vectors) {
      await trx
        .updateTable('file_chunks')
        .set({
          embedding: vectorValue(store, vector),
          embedding_bits: store === 'pgvector' ? null : signBits(vector),
        })
        .where('id', '=', id)
        .where('user_id', '=', u.userId)
        .where('file_id', '=', u.fileId)
        .execute();
    }
    if (u.vectors.length > 0)
      await trx
        .updateTable('files')
        .set({ embedded: 1 })
        .where('user_id', '=', u.userId)
        .where('file_id', '=', u.fileId)
        .execute();
    return true;
  });
}
