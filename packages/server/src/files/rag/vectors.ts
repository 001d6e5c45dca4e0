import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';

/**
 * How vectors are stored and scored: in SQLite as float32 BLOBs scored by sqlite-vec in SQL; in
 * PostgreSQL as pgvector `vector` scored in SQL, or, without pgvector, as float32 `bytea` scored
 * here (the query's files are a bounded set: a conversation's or an agent's files).
 */
export type VectorStore = 'sqlite-vec' | 'pgvector' | 'app';

const stores = new WeakMap<Db, Promise<VectorStore>>();

/** The store this database was migrated with (the column's type decides, once per database). */
export function vectorStore(db: Db, dialect: Dialect): Promise<VectorStore> {
  if (dialect === 'sqlite') return Promise.resolve('sqlite-vec');
  let store = stores.get(db);
  if (!store) {
    store = sql<{ udt_name: string }>`
      SELECT udt_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'file_chunks' AND column_name = 'embedding'`
      .execute(db)
      .then(({ rows }) => (rows[0]?.udt_name === 'vector' ? 'pgvector' : 'app'));
    stores.set(db, store);
  }
  return store;
}

/** Little-endian float32 bytes (SQLite BLOB, PostgreSQL bytea; sqlite-vec reads this layout). */
export function toFloat32Bytes(v: number[] | Float32Array): Buffer {
  const f = new Float32Array(v);
  return Buffer.from(f.buffer, f.byteOffset, f.byteLength);
}

export function fromFloat32Bytes(b: Uint8Array): Float32Array {
  // Copy: a Buffer from a driver may sit at an offset that is not 4-byte aligned.
  const copy = new Uint8Array(b);
  return new Float32Array(copy.buffer, 0, copy.byteLength / 4);
}

/** Sign bits, as file_chunks.embedding_bits stores them (the layout is the table's). */
export { signBits } from '../../db/dialects/file-chunks-ddl.ts';

/** pgvector's text form: '[1,2,3]'. */
export const toPgVector = (v: number[] | Float32Array): string => `[${v.join(',')}]`;

/** The value to store for a vector in this store. */
export function storedVector(store: VectorStore, v: number[] | Float32Array): Buffer | string {
  return store === 'pgvector' ? toPgVector(v) : toFloat32Bytes(v);
}

/** A vector as a value to insert or set: pgvector takes its text form cast to `vector`. */
export function vectorValue(store: VectorStore, v: number[] | Float32Array) {
  const stored = storedVector(store, v);
  return store === 'pgvector' ? sql<string>`${stored}::vector` : stored;
}
