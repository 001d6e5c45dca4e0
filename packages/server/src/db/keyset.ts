import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';

/**
 * Keyset paging (DESIGN §6: no OFFSET). A cursor is the sort values of a page's last row, tie-breaker
 * last, as a base64url JSON array; it is opaque to clients and decoded only by the repo that made it.
 */
export type CursorTuple = readonly (string | number)[];

export function encodeCursor(tuple: CursorTuple): string {
  return Buffer.from(JSON.stringify(tuple)).toString('base64url');
}

/**
 * The tuple a cursor holds, or null when there is none or it cannot be read or has another shape:
 * such a cursor starts from the first page (it never fails the request).
 */
export function decodeCursor<T extends z.ZodType>(
  raw: string | null | undefined,
  shape: T,
): z.output<T> | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = shape.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * One page of a query that asked for `limit + 1` rows: the first `limit`, and a cursor after the
 * last of them when the extra row showed there is more.
 */
export function pageOf<R>(
  rows: R[],
  limit: number,
  keyOf: (row: R) => CursorTuple,
): { rows: R[]; nextCursor: string | null } {
  const page = rows.length > limit ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}

/**
 * Rows after a cursor in `(key, id) dir, id dir` order. The bare bound on the key is what both
 * engines seek the index with (SQLite does not seek with a row value over an expression such as
 * lower(title)); the row value then drops the ties already shown. An OR of the two columns would be
 * a filter, and a deep page would read every row before it.
 */
export function pastCursor(
  key: Expression<unknown>,
  id: Expression<unknown>,
  dir: 'asc' | 'desc',
  cursor: readonly [string | number, string],
): RawBuilder<SqlBool> {
  const [value, lastId] = cursor;
  const bound = sql.raw(dir === 'desc' ? '<=' : '>=');
  const past = sql.raw(dir === 'desc' ? '<' : '>');
  return sql<SqlBool>`${key} ${bound} ${value} and (${key}, ${id}) ${past} (${value}, ${lastId})`;
}
