import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/**
 * Statements kept per SQL text (value not shown). Kysely compiles the same few hundred query
 * shapes over and over; preparing one costs ~0.1 ms of the event loop, reusing it nothing.
 */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely's SQLite dialect sees it, with prepared statements reused: Kysely
 * prepares every query it runs, which was the largest single cost of a chat send's queries.
 * Least recently used statements are dropped past `max`. A statement still being iterated (a
 * streamed select) is busy and cannot run twice at once, so that query gets a fresh one.
 */
export function cachedStatements(sqlite: SqliteDatabase, max = STATEMENT_CACHE_SIZE): KyselySqliteDatabase {
  const cache = new Map<string, Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sql: string) {
      const hit = cache.get(sql);
      if (hit && !hit.busy) {
        // Re-insert: a Map iterates in insertion order, so the first key is the least recent.
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const statement = sqlite.prepare(sql);
      if (!hit) {
        cache.set(sql, statement);
        if (cache.size > max) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}
