import { describe, expect, it } from 'vitest';
import { decodeFileVectors, FileVectorCache, fileVectors, nearest } from './vector-cache.ts';
import { toFloat32Bytes } from './vectors.ts';

const rows = (vs: number[][], from = 1) => vs.map((v, i) => ({ id: from + i, embedding: toFloat32Bytes(v) }));

describe('app-side vector scoring (PostgreSQL without pgvector)', () => {
  it('decodes stored bytes as written and ranks by cosine', () => {
    const a = decodeFileVectors(
      rows([
        [1, 0, 0],
        [0, 1, 0],
      ]),
    );
    const b = fileVectors(
      [10, 11],
      [
        [0, 0, 2],
        [0.9, 0.1, 0],
      ],
    );
    expect(a.dims).toBe(3);
    expect(nearest([a, b], [1, 0.05, 0], 3)).toEqual([1, 11, 2]);
    // Vectors of another dimension (another model) are skipped, not mis-scored.
    expect(nearest([fileVectors([5], [[1, 0]])], [1, 0, 0], 3)).toEqual([]);
  });

  it('serves a file only at its version and drops the least recently used past its budget', () => {
    const one = fileVectors([1], [[1, 0, 0, 0]]); // 16 + 4 + 8 bytes
    const cache = new FileVectorCache(60);
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
