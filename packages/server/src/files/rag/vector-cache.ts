import type { Db } from '../../db/index.ts';
import { fromFloat32Bytes, signBits } from './vectors.ts';

/** Bytes of chunk sign bits kept per database (≈ 300k chunks at 1536 dimensions). */
export const BITS_CACHE_BYTES = 64 * 1024 * 1024;

/** One file's chunks as sign bits (vectors.ts signBits): row ids and their bits back to back. */
export interface FileBits {
  ids: number[];
  /** Bytes per chunk (dimensions / 8). */
  bytes: number;
  bits: Uint8Array;
}

const sizeOf = (f: FileBits) => f.bits.byteLength + f.ids.length * 8;

interface Entry {
  version: number;
  data: FileBits;
}

/**
 * Without pgvector, PostgreSQL's candidates are chosen here by the chunks' sign bits (1/32 of a
 * float32 vector). A file's bits never change once written (a re-index writes a new version), so
 * they are kept, least recently used first out: a query then reads only its candidates' vectors.
 */
export class FileBitsCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  constructor(private readonly maxBytes = BITS_CACHE_BYTES) {}

  get(fileId: string, version: number): FileBits | undefined {
    const e = this.entries.get(fileId);
    if (!e || e.version !== version) return undefined;
    // Re-insert: Map order is the recency order.
    this.entries.delete(fileId);
    this.entries.set(fileId, e);
    return e.data;
  }

  set(fileId: string, version: number, data: FileBits): void {
    this.drop(fileId);
    const size = sizeOf(data);
    if (size > this.maxBytes) return;
    this.entries.set(fileId, { version, data });
    this.bytes += size;
    for (const [id] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(id);
    }
  }

  private drop(fileId: string) {
    const e = this.entries.get(fileId);
    if (!e) return;
    this.bytes -= sizeOf(e.data);
    this.entries.delete(fileId);
  }
}

const caches = new WeakMap<Db, FileBitsCache>();
export function bitsCacheFor(db: Db): FileBitsCache {
  let c = caches.get(db);
  if (!c) {
    c = new FileBitsCache();
    caches.set(db, c);
  }
  return c;
}

/** One file's rows (in order) as a FileBits. */
export function decodeFileBits(rows: { id: number; embedding_bits: Uint8Array }[]): FileBits {
  const bytes = rows[0]?.embedding_bits.byteLength ?? 0;
  const bits = new Uint8Array(rows.length * bytes);
  rows.forEach((r, i) => {
    bits.set(r.embedding_bits, i * bytes);
  });
  return { ids: rows.map((r) => Number(r.id)), bytes, bits };
}

/** A FileBits from vectors in hand (just written). */
export function fileBits(ids: number[], vectors: number[][]): FileBits {
  const bytes = Math.ceil((vectors[0]?.length ?? 0) / 8);
  const bits = new Uint8Array(vectors.length * bytes);
  vectors.forEach((v, i) => {
    bits.set(signBits(v), i * bytes);
  });
  return { ids, bytes, bits };
}

/** Set bits of every byte value. */
const POPCOUNT = Uint8Array.from({ length: 256 }, (_, b) => {
  let n = 0;
  for (let x = b; x; x >>= 1) n += x & 1;
  return n;
});

/** The ids of the `top` best scores (lowest when ascending, else highest); ties keep their order. */
function topBy(ids: number[], scores: number[], top: number, ascending: boolean): number[] {
  const order = ids.map((_, i) => i);
  order.sort((a, b) => (ascending ? scores[a] - scores[b] : scores[b] - scores[a]) || a - b);
  return order.slice(0, top).map((i) => ids[i]);
}

/** The `top` rows nearest the query's sign bits by Hamming distance: the candidates to rescore. */
export function nearestByBits(files: FileBits[], q: Uint8Array, top: number): number[] {
  const ids: number[] = [];
  const scores: number[] = [];
  for (const f of files) {
    if (f.bytes !== q.byteLength) continue;
    for (let i = 0; i < f.ids.length; i++) {
      let d = 0;
      const base = i * f.bytes;
      for (let b = 0; b < f.bytes; b++) d += POPCOUNT[f.bits[base + b] ^ q[b]];
      ids.push(f.ids[i]);
      scores.push(d);
    }
  }
  return topBy(ids, scores, top, true);
}

/** The `top` rows by cosine similarity to the query, from their stored float32 vectors. */
export function nearestByCosine(
  rows: { id: number; embedding: Uint8Array }[],
  q: number[],
  top: number,
): number[] {
  let qn = 0;
  for (const x of q) qn += x * x;
  qn = Math.sqrt(qn) || 1;
  const ids: number[] = [];
  const scores: number[] = [];
  for (const r of rows) {
    const v = fromFloat32Bytes(r.embedding);
    if (v.length !== q.length) continue;
    let dot = 0;
    let n = 0;
    for (let d = 0; d < v.length; d++) {
      dot += v[d] * q[d];
      n += v[d] * v[d];
    }
    ids.push(Number(r.id));
    scores.push(dot / ((Math.sqrt(n) || 1) * qn));
  }
  return topBy(ids, scores, top, false);
}
