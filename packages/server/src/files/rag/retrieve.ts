import type { FileCitation } from '@parley/schema';
import { sql } from 'kysely';
import { CHUNK_TS_CONFIG } from '../../db/dialects/file-chunks-ddl.ts';
import type { Db, Dialect } from '../../db/index.ts';
import type { Embedder } from './embed.ts';
import { scopedMatch, words } from './fts-terms.ts';
import { bitsCacheFor, decodeFileBits, nearestByBits, nearestByCosine } from './vector-cache.ts';
import { signBits, toFloat32Bytes, toPgVector, vectorStore } from './vectors.ts';

/** Reciprocal rank fusion constant (Cormack et al.; m2-stack.md §1.1). */
export const RRF_K = 60;
/** Candidates each ranker contributes before fusion. */
export const RETRIEVE_CANDIDATES = 40;
/** Passages returned by default. */
export const RETRIEVE_TOP = 8;
/**
 * Candidates chosen by sign bits (Hamming distance) and then scored exactly by their vectors,
 * where the database has no vector index to do both (sqlite-vec, PostgreSQL without pgvector).
 */
export const RESCORE_CANDIDATES = 4 * RETRIEVE_CANDIDATES;
/** Files one query may name (a conversation's or an agent's files). */
export const RETRIEVE_MAX_FILES = 200;
/** Query words used for the full-text side. */
const MAX_TERMS = 32;

export interface RetrieveInput {
  db: Db;
  dialect: Dialect;
  userId: string;
  /** The files to search: others' ids and unknown ids are ignored. */
  fileIds: string[];
  query: string;
  /** Null: full-text only (no embeddings configured). */
  embedder: Embedder | null;
  top?: number;
  signal?: AbortSignal;
}

/**
 * English words too common to rank by: in nearly every chunk, they would make the full-text side
 * read every chunk's entry for them and add nothing to the ranking.
 */
const STOPWORDS = new Set(
  (
    'a an and are as at be but by can did do does for from had has have how i if in into is it its of on or ' +
    'our so than that the their them then there these they this to was we were what when where which who ' +
    'why will with you your'
  ).split(' '),
);

/** Words of the query (letters and digits), lower-cased, deduplicated, common English words left out. */
export function queryTerms(query: string): string[] {
  const terms = [...new Set(words(query))];
  const content = terms.filter((w) => !STOPWORDS.has(w));
  // A query of common words only still searches for them.
  return (content.length > 0 ? content : terms).slice(0, MAX_TERMS);
}

export function ftsSql(dialect: Dialect, userId: string, fileIds: string[], terms: string[]) {
  if (dialect === 'sqlite')
    return sql<{ id: number }>`
      SELECT c.id FROM file_chunks_fts f JOIN file_chunks c ON c.id = f.rowid
      WHERE file_chunks_fts MATCH ${scopedMatch(fileIds, terms)} AND c.user_id = ${userId}
      ORDER BY bm25(file_chunks_fts) LIMIT ${RETRIEVE_CANDIDATES}`;
  return sql<{ id: number }>`
    SELECT c.id FROM file_chunks c, to_tsquery(${CHUNK_TS_CONFIG}::regconfig, ${terms.join(' | ')}) q
    WHERE c.user_id = ${userId} AND c.file_id = ANY(${fileIds}) AND c.tsv @@ q
    ORDER BY ts_rank_cd(c.tsv, q) DESC, c.id LIMIT ${RETRIEVE_CANDIDATES}`;
}

async function ftsRanked(i: RetrieveInput, fileIds: string[], terms: string[]): Promise<number[]> {
  if (terms.length === 0 || fileIds.length === 0) return [];
  const { rows } = await ftsSql(i.dialect, i.userId, fileIds, terms).execute(i.db);
  return rows.map((r) => Number(r.id));
}

/**
 * The vector candidates' query where the database scores, over the named files' rows only (read
 * through the (user, file) index). Not an ANN index: HNSW filters after its top-k and would miss
 * the passages of a small file among a user's large ones. pgvector scores every row exactly;
 * SQLite first chooses candidates by sign bits from a covering index (192 bytes a row instead of
 * a 6 KB vector), then scores those exactly: reading every vector of a large scope was most of a
 * query's time.
 */
export function vectorSql(store: 'sqlite-vec' | 'pgvector', userId: string, fileIds: string[], q: number[]) {
  if (store === 'sqlite-vec')
    return sql<{ id: number }>`
      SELECT id FROM file_chunks WHERE id IN (
        SELECT id FROM file_chunks INDEXED BY file_chunks_bits
        WHERE user_id = ${userId} AND file_id IN (${sql.join(fileIds)}) AND embedding_bits IS NOT NULL
        ORDER BY vec_distance_hamming(vec_bit(embedding_bits), vec_bit(${signBits(q)}))
        LIMIT ${RESCORE_CANDIDATES})
      ORDER BY vec_distance_cosine(embedding, ${toFloat32Bytes(q)}) LIMIT ${RETRIEVE_CANDIDATES}`;
  return sql<{ id: number }>`
    SELECT id FROM file_chunks
    WHERE user_id = ${userId} AND file_id = ANY(${fileIds}) AND embedding IS NOT NULL
    ORDER BY embedding <=> ${toPgVector(q)}::vector LIMIT ${RETRIEVE_CANDIDATES}`;
}

/** Without pgvector: the named files' sign bits (kept in the app's cache), in file order. */
export const appBitsSql = (userId: string, fileIds: string[]) =>
  sql<{ id: number; file_id: string; embedding_bits: Uint8Array }>`
    SELECT id, file_id, embedding_bits FROM file_chunks
    WHERE user_id = ${userId} AND file_id = ANY(${fileIds}) AND embedding_bits IS NOT NULL
    ORDER BY file_id, ordinal`;

/** Without pgvector: the candidates' vectors, to score exactly. */
export const appCandidatesSql = (userId: string, ids: number[]) =>
  sql<{ id: number; embedding: Uint8Array }>`
    SELECT id, embedding FROM file_chunks WHERE user_id = ${userId} AND id = ANY(${ids})`;

/** Scope files with the version of their index (file_texts.created_at): cached bits are per version. */
type Versions = Map<string, number>;

async function vectorRanked(i: RetrieveInput, versions: Versions, q: number[]): Promise<number[]> {
  const fileIds = [...versions.keys()];
  if (fileIds.length === 0) return [];
  const store = await vectorStore(i.db, i.dialect);
  if (store !== 'app') {
    const { rows } = await vectorSql(store, i.userId, fileIds, q).execute(i.db);
    return rows.map((r) => Number(r.id));
  }
  const cache = bitsCacheFor(i.db);
  const have = fileIds.map((id) => cache.get(id, versions.get(id)!));
  const missing = fileIds.filter((_, n) => !have[n]);
  if (missing.length > 0) {
    const { rows } = await appBitsSql(i.userId, missing).execute(i.db);
    for (const fileId of missing) {
      const data = decodeFileBits(rows.filter((r) => r.file_id === fileId));
      cache.set(fileId, versions.get(fileId)!, data);
      have.push(data);
    }
  }
  const candidates = nearestByBits(
    have.filter((x) => x !== undefined),
    signBits(q),
    RESCORE_CANDIDATES,
  );
  if (candidates.length === 0) return [];
  const { rows } = await appCandidatesSql(i.userId, candidates).execute(i.db);
  return nearestByCosine(rows, q, RETRIEVE_CANDIDATES);
}

/** Σ 1/(k + rank) over the rankings; ties keep the first ranking's order. */
export function fuseRanks(rankings: number[][], top: number): number[] {
  const score = new Map<number, number>();
  for (const ranking of rankings) {
    for (const [rank, id] of ranking.entries()) score.set(id, (score.get(id) ?? 0) + 1 / (RRF_K + rank + 1));
  }
  return [...score.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([id]) => id);
}

/**
 * The passages of the user's given files that best answer the query: vector nearest neighbours
 * and full-text hits fused by reciprocal rank. Only the named files' chunks are read. Files
 * embedded with another model than the current embedder take part through full text only.
 */
export async function retrievePassages(i: RetrieveInput): Promise<FileCitation[]> {
  const ids = [...new Set(i.fileIds)].slice(0, RETRIEVE_MAX_FILES);
  if (ids.length === 0 || !i.query.trim()) return [];
  const files = await i.db
    .selectFrom('files as f')
    .leftJoin('file_texts as t', (j) =>
      j.onRef('t.file_id', '=', 'f.file_id').onRef('t.user_id', '=', 'f.user_id'),
    )
    .select(['f.file_id', 'f.filename', 't.embedding_model', 't.created_at as version'])
    .where('f.user_id', '=', i.userId)
    .where('f.file_id', 'in', ids)
    .execute();
  if (files.length === 0) return [];
  const owned = files.map((f) => f.file_id);
  const embedded: Versions = new Map(
    files
      .filter((f) => i.embedder && f.embedding_model === i.embedder.id)
      .map((f) => [f.file_id, Number(f.version)]),
  );

  const [fts, vec] = await Promise.all([
    ftsRanked(i, owned, queryTerms(i.query)),
    embedded.size > 0 && i.embedder
      ? i.embedder
          .embed([i.query], i.signal)
          // The provider failing must not fail the reply: the full-text side still answers.
          .then(
            ([q]) => vectorRanked(i, embedded, q),
            () => [] as number[],
          )
      : Promise.resolve([]),
  ]);
  const order = fuseRanks([vec, fts], i.top ?? RETRIEVE_TOP);
  if (order.length === 0) return [];
  const rows = await i.db
    .selectFrom('file_chunks')
    .select(['id', 'file_id', 'page', 'char_offset', 'text'])
    .where('user_id', '=', i.userId)
    .where('id', 'in', order)
    .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const names = new Map(files.map((f) => [f.file_id, f.filename]));
  return order.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        file_id: r.file_id,
        filename: names.get(r.file_id) ?? '',
        page: r.page,
        text: r.text,
        offset: r.char_offset,
      },
    ];
  });
}
