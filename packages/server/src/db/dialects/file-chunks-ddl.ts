import { type Kysely, sql } from 'kysely';
import { isPostgres } from './search-ddl.ts';

/**
 * File search tables (migration 021), in the same database as the files (DESIGN §1.3):
 *
 * - `file_texts`: a file's whole extracted text (for "upload as text"), page starts, and the
 *   embedding model and dimensions its vectors were made with (a model change re-embeds).
 * - `file_chunks`: its passages (offset, page, heading, text, tokens) and each one's vector.
 *   Reads go through (user_id, file_id): a query touches only the files it names.
 * - Full text: SQLite FTS5 over file-scoped words (each word prefixed with its file's key, see
 *   files/rag/fts-terms.ts), written with the chunks in their transaction and dropped by a trigger, so a
 *   query reads the doclists of its files' words only; PostgreSQL a stored tsvector with GIN.
 * - Vectors: SQLite float32 BLOBs scored by sqlite-vec's vec_distance_cosine; PostgreSQL a
 *   pgvector `vector` column when the server has the extension, else float32 `bytea` scored in the
 *   app (files/rag/vectors.ts). See docs/decisions.md (Files) for why not vec0 / HNSW.
 */

/** English stemming on both sides (FTS5 porter, PostgreSQL 'english'): "reports" finds "report". */
export const CHUNK_TS_CONFIG = 'english';

const sqliteStatements = [
  `CREATE TABLE file_texts (
     file_id TEXT PRIMARY KEY REFERENCES files(file_id) ON DELETE CASCADE,
     user_id TEXT NOT NULL,
     text TEXT NOT NULL,
     pages TEXT,
     embedding_model TEXT,
     embedding_dims INTEGER,
     created_at INTEGER NOT NULL)`,
  `CREATE TABLE file_chunks (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     user_id TEXT NOT NULL,
     file_id TEXT NOT NULL REFERENCES files(file_id) ON DELETE CASCADE,
     ordinal INTEGER NOT NULL,
     char_offset INTEGER NOT NULL,
     page INTEGER,
     heading TEXT,
     text TEXT NOT NULL,
     tokens INTEGER NOT NULL,
     embedding BLOB)`,
  'CREATE UNIQUE INDEX file_chunks_by_file ON file_chunks (user_id, file_id, ordinal)',
  // The FK's cascade looks chunks up by file alone.
  'CREATE INDEX file_chunks_file ON file_chunks (file_id)',
  // One column of file-scoped words (fts-terms.ts), written with the chunks by store.ts.
  `CREATE VIRTUAL TABLE file_chunks_fts USING fts5(terms, content='', contentless_delete=1,
     tokenize='porter unicode61 remove_diacritics 2')`,
  `CREATE TRIGGER file_chunks_fts_delete AFTER DELETE ON file_chunks BEGIN
     DELETE FROM file_chunks_fts WHERE rowid = old.id;
   END`,
];

const postgresStatements = (vectorType: 'vector' | 'bytea') => [
  `CREATE TABLE file_texts (
     file_id TEXT PRIMARY KEY REFERENCES files(file_id) ON DELETE CASCADE,
     user_id TEXT NOT NULL,
     text TEXT NOT NULL,
     pages TEXT,
     embedding_model TEXT,
     embedding_dims INTEGER,
     created_at BIGINT NOT NULL)`,
  `CREATE TABLE file_chunks (
     id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     user_id TEXT NOT NULL,
     file_id TEXT NOT NULL REFERENCES files(file_id) ON DELETE CASCADE,
     ordinal INTEGER NOT NULL,
     char_offset INTEGER NOT NULL,
     page INTEGER,
     heading TEXT,
     text TEXT NOT NULL,
     tokens INTEGER NOT NULL,
     embedding ${vectorType},
     tsv TSVECTOR GENERATED ALWAYS AS (
       setweight(to_tsvector('${CHUNK_TS_CONFIG}', coalesce(heading, '')), 'B') ||
       to_tsvector('${CHUNK_TS_CONFIG}', left(text, 100000))) STORED)`,
  'CREATE UNIQUE INDEX file_chunks_by_file ON file_chunks (user_id, file_id, ordinal)',
  'CREATE INDEX file_chunks_file ON file_chunks (file_id)',
  'CREATE INDEX file_chunks_tsv ON file_chunks USING GIN (tsv)',
];

/** Whether this PostgreSQL server can load pgvector (Debian's PostgreSQL here cannot). */
export async function pgvectorAvailable(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'vector'`.execute(db);
  return rows[0].n > 0;
}

export async function createFileChunkTables(db: Kysely<unknown>): Promise<void> {
  let statements = sqliteStatements;
  if (isPostgres(db)) {
    const vector = await pgvectorAvailable(db);
    if (vector) await sql`CREATE EXTENSION IF NOT EXISTS vector`.execute(db);
    statements = postgresStatements(vector ? 'vector' : 'bytea');
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * A vector's sign bits: bit i (least significant first within each byte) is set when component i
 * is above zero — sqlite-vec's vec_quantize_binary layout. Hamming distance between sign bits
 * tracks the angle between dense embeddings closely enough to choose candidates, which are then
 * scored exactly by their float32 vectors (files/rag/retrieve.ts).
 */
export function signBits(v: ArrayLike<number>): Buffer {
  const out = Buffer.alloc(Math.ceil(v.length / 8));
  for (let i = 0; i < v.length; i++) if (v[i] > 0) out[i >> 3] |= 1 << (i & 7);
  return out;
}

/** Chunks read per batch while migration 023 fills the sign bits of rows written before it. */
const BITS_BACKFILL_BATCH = 500;

/**
 * Migration 023: each chunk's vector also as sign bits (signBits above), to choose candidates
 * before scoring them exactly. SQLite keeps them in a covering index beside the (user, file) key,
 * so choosing reads 192 bytes a row instead of a 6 KB vector. Rows written before are filled here,
 * in batches; with pgvector they stay null (it scores every row exactly in the database).
 */
export async function addChunkSignBits(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await sql
    .raw(`ALTER TABLE file_chunks ADD COLUMN embedding_bits ${postgres ? 'bytea' : 'BLOB'}`)
    .execute(db);
  if (!postgres)
    await sql`CREATE INDEX file_chunks_bits ON file_chunks (user_id, file_id, embedding_bits)`.execute(db);
  const { rows } = postgres
    ? await sql<{ type: string }>`
        SELECT udt_name AS type FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'file_chunks' AND column_name = 'embedding'`.execute(
        db,
      )
    : { rows: [{ type: 'blob' }] };
  if (rows[0]?.type === 'vector') return;
  for (let after = 0; ; ) {
    const batch = await sql<{ id: string | number; embedding: Uint8Array }>`
      SELECT id, embedding FROM file_chunks WHERE id > ${after} AND embedding IS NOT NULL
      ORDER BY id LIMIT ${BITS_BACKFILL_BATCH}`.execute(db);
    for (const r of batch.rows) {
      const copy = new Uint8Array(r.embedding);
      const bits = signBits(new Float32Array(copy.buffer, 0, copy.byteLength / 4));
      await sql`UPDATE file_chunks SET embedding_bits = ${bits} WHERE id = ${r.id}`.execute(db);
    }
    if (batch.rows.length < BITS_BACKFILL_BATCH) return;
    after = Number(batch.rows.at(-1)!.id);
  }
}
