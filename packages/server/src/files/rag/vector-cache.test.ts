import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { describe, expect, it } from 'vitest';
import { decodeFileBits, FileBitsCache, fileBits, nearestByBits, nearestByCosine } from './vector-cache.ts';
import { signBits, toFloat32Bytes } from './vectors.ts';

/** A deterministic pseudo-random dense vector (like a real embedding's: every component set). */
function dense(seed: number, dims: number): number[] {
  let x = seed >>> 0 || 1;
  return Array.from({ length: dims }, () => {
    x = (Math.imul(x ^ (x >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    return x / 2 ** 31 - 1;
  });
}
const cosine = (a: number[], b: number[]) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / Math.sqrt(na * nb);
};

describe('sign bits', () => {
  it("are sqlite-vec's vec_quantize_binary layout (the SQLite migration fills old rows with it)", () => {
    const db = new Database(':memory:');
    sqliteVec.load(db);
    for (const v of [dense(1, 64), dense(2, 1536), [0.5, -1, 2, -3, 0, 1, 1, -1]]) {
      const row = db.prepare('SELECT vec_quantize_binary(?) AS b').get(toFloat32Bytes(v)) as { b: Buffer };
      expect(signBits(v).equals(row.b)).toBe(true);
    }
    db.close();
  });

  it('choose candidates that keep the exact nearest neighbours of dense vectors', () => {
    const dims = 256;
    // 250 topics of 8 passages each: a passage is its topic plus its own wording.
    const topics = Array.from({ length: 250 }, (_, i) => dense(50_000 + i, dims));
    const add = (a: number[], b: number[]) => a.map((x, d) => x + 0.7 * b[d]);
    const vectors = Array.from({ length: 2000 }, (_, i) => add(topics[i >> 3], dense(i + 1, dims)));
    const ids = vectors.map((_, i) => i + 1);
    const bits = [
      fileBits(ids.slice(0, 1000), vectors.slice(0, 1000)),
      fileBits(ids.slice(1000), vectors.slice(1000)),
    ];
    const rows = vectors.map((v, i) => ({ id: i + 1, embedding: toFloat32Bytes(v) }));
    let found = 0;
    for (let q = 0; q < 20; q++) {
      // A question near one topic, worded its own way.
      const query = add(topics[q * 12], dense(9000 + q, dims));
      const exact = ids
        .map((id) => ({ id, s: cosine(vectors[id - 1], query) }))
        .sort((a, b) => b.s - a.s)
        .slice(0, 8)
        .map((x) => x.id);
      const candidates = new Set(nearestByBits(bits, signBits(query), 160));
      const rescored = nearestByCosine(
        rows.filter((r) => candidates.has(r.id)),
        query,
        8,
      );
      expect(rescored[0]).toBe(exact[0]);
      found += rescored.filter((id) => exact.includes(id)).length;
    }
    // Recall of the exact top 8 over 20 queries.
    expect(found / (20 * 8)).toBeGreaterThanOrEqual(0.9);
  });
});

describe('app-side candidates (PostgreSQL without pgvector)', () => {
  it('decodes stored bits as written, ranks by Hamming distance and rescored by cosine', () => {
    const a = decodeFileBits([
      { id: 1, embedding_bits: signBits([1, 1, 1, 1, -1, -1, -1, -1]) },
      { id: 2, embedding_bits: signBits([-1, -1, -1, -1, 1, 1, 1, 1]) },
    ]);
    const b = fileBits([10], [[1, 1, 1, -1, -1, -1, -1, -1]]);
    expect(a.bytes).toBe(1);
    expect(nearestByBits([a, b], signBits([1, 1, 1, 1, -1, -1, -1, -1]), 3)).toEqual([1, 10, 2]);
    // Bits of another dimension (another model) are skipped, not mis-scored.
    expect(
      nearestByBits([fileBits([5], [Array(16).fill(1)])], signBits([1, 1, 1, 1, 1, 1, 1, 1]), 3),
    ).toEqual([]);
    const rows = [
      { id: 1, embedding: toFloat32Bytes([1, 0, 0]) },
      { id: 2, embedding: toFloat32Bytes([0, 1, 0]) },
      { id: 3, embedding: toFloat32Bytes([0.9, 0.1, 0]) },
      { id: 4, embedding: toFloat32Bytes([1, 0]) },
    ];
    expect(nearestByCosine(rows, [1, 0.05, 0], 3)).toEqual([1, 3, 2]);
  });

  it('serves a file only at its version and drops the least recently used past its budget', () => {
    const one = fileBits([1], [[1, -1, 1, -1, 1, -1, 1, -1]]); // 1 + 8 bytes
    const cache = new FileBitsCache(20);
    cache.set('a', 1, one);
    cache.set('b', 1, one);
    expect(cache.get('a', 2)).toBeUndefined();
    expect(cache.get('a', 1)).toBe(one);
    cache.set('c', 1, one); // over budget: 'b' is the least recently used
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe(one);
    expect(cache.get('c', 1)).toBe(one);
  });
});
