import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeCursor, encodeCursor, pageOf } from './keyset.ts';

const Pair = z.tuple([z.number(), z.string()]);

describe('keyset cursors', () => {
  it('round-trips a tuple', () => {
    expect(decodeCursor(encodeCursor([1700000000000, 'abc']), Pair)).toEqual([1700000000000, 'abc']);
    expect(
      decodeCursor(encodeCursor(['title', 'Zebra', 'id']), z.tuple([z.string(), z.string(), z.string()])),
    ).toEqual(['title', 'Zebra', 'id']);
  });

  it('reads cursors written before keyset.ts (base64url JSON arrays)', () => {
    const old = Buffer.from(JSON.stringify([42, 'm1'])).toString('base64url');
    expect(decodeCursor(old, Pair)).toEqual([42, 'm1']);
  });

  it('treats a missing, unreadable or other-shaped cursor as the first page', () => {
    expect(decodeCursor(undefined, Pair)).toBeNull();
    expect(decodeCursor('', Pair)).toBeNull();
    expect(decodeCursor('not-a-cursor', Pair)).toBeNull();
    expect(decodeCursor(encodeCursor(['1', 'x']), Pair)).toBeNull();
    expect(decodeCursor(encodeCursor([1, 'x', 'extra']), Pair)).toBeNull();
    expect(decodeCursor(Buffer.from('{"a":1}').toString('base64url'), Pair)).toBeNull();
  });

  it('pages limit + 1 rows: the extra row only says there is more', () => {
    const rows = [1, 2, 3].map((n) => ({ at: n, id: `r${n}` }));
    const full = pageOf(rows, 2, (r) => [r.at, r.id]);
    expect(full.rows).toEqual(rows.slice(0, 2));
    expect(decodeCursor(full.nextCursor, Pair)).toEqual([2, 'r2']);
    expect(pageOf(rows, 3, (r) => [r.at, r.id])).toEqual({ rows, nextCursor: null });
    expect(pageOf([], 3, () => [])).toEqual({ rows: [], nextCursor: null });
  });
});
