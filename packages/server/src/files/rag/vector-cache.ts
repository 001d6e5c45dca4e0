import type { Db } from '../../db/index.ts';
import { fromFloat32Bytes } from './vectors.ts';

/** Bytes of decoded vectors kept per database (≈ 85k chunks at 1536 dimensions). */
export const VECTOR_CACHE_BYTES = 512 * 1024 * 1024;

/** One file's vectors, decoded: row ids and their vectors back to back, with their norms. */
export interface FileVectors {
  ids: number[];
  dims: number;
  vectors: Float32Array;
  norms: Float32Array;
}

interface Entry {
  version: number;
  data: FileVectors;
}

/**
 * PostgreSQL without pgvector scores vectors here. A file's vectors never change once written (a
 * re-index writes a new version), so they are decoded once and kept, least recently used first
 * out: a query then reads no vector bytes from the database for files it has seen.
 */
export class FileVectorCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  constructor(private readonly maxBytes = VECTOR_CACHE_BYTES) {}

  get(fileId: string, version: number): FileVectors | undefined {
    const e = this.entries.get(fileId);
    if (!e || e.version !== version) return undefined;
    // Re-insert: Map order is the recency order.
    this.entries.delete(fileId);
    this.entries.set(fileId, e);
    return e.data;
  }

  set(fileId: string, version: number, data: FileVectors): void {
    this.drop(fileId);
    const size = data.vectors.byteLength + data.norms.byteLength + data.ids.length * 8;
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
    this.bytes -= e.data.vectors.byteLength + e.data.norms.byteLength + e.data.ids.length * 8;
    this.entries.delete(fileId);
  }
}

const caches = new WeakMap<Db, FileVectorCache>();
export function vectorCacheFor(db: Db): FileVectorCache {
  let c = caches.get(db);
  if (!c) {
    c = new FileVectorCache();
    caches.set(db, c);
  }
  return c;
}

/** Decode one file's rows (in order) into a FileVectors. */
export function decodeFileVectors(rows: { id: number; embedding: Uint8Array }[]): FileVectors {
  const dims = rows.length ? rows[0].embedding.byteLength / 4 : 0;
  const vectors = new Float32Array(rows.length * dims);
  const norms = new Float32Array(rows.length);
  rows.forEach((r, i) => {
    const v = fromFloat32Bytes(r.embedding);
    vectors.set(v, i * dims);
    let n = 0;
    for (let d = 0; d < dims; d++) n += v[d] * v[d];
    norms[i] = Math.sqrt(n);
  });
  return { ids: rows.map((r) => Number(r.id)), dims, vectors, norms };
}

/** A FileVectors from vectors in hand (just written). */
export function fileVectors(ids: number[], vs: number[][]): FileVectors {
  const dims = vs[0]?.length ?? 0;
  const vectors = new Float32Array(vs.length * dims);
  const norms = new Float32Array(vs.length);
  vs.forEach((v, i) => {
    vectors.set(v, i * dims);
    norms[i] = Math.sqrt(v.reduce((n, x) => n + x * x, 0));
  });
  return { ids, dims, vectors, norms };
}

/** The `top` nearest rows by cosine distance over the given files' vectors. */
export function nearest(files: FileVectors[], q: number[], top: number): number[] {
  let qn = 0;
  for (const x of q) qn += x * x;
  qn = Math.sqrt(qn) || 1;
  const scored: { id: number; s: number }[] = [];
  for (const f of files) {
    if (f.dims !== q.length) continue;
    for (let i = 0; i < f.ids.length; i++) {
      let dot = 0;
      const base = i * f.dims;
      for (let d = 0; d < f.dims; d++) dot += f.vectors[base + d] * q[d];
      scored.push({ id: f.ids[i], s: dot / ((f.norms[i] || 1) * qn) });
    }
  }
  return scored
    .sort((a, b) => b.s - a.s)
    .slice(0, top)
    .map((x) => x.id);
}
