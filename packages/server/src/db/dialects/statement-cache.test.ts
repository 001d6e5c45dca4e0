import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachedStatements } from './statement-cache.ts';

describe('cachedStatements', () => {
  const open = () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (n integer)');
    sqlite.exec('insert into t values (1), (2), (3)');
    return sqlite;
  };

  it('reuses the statement of a query it has seen', () => {
    const db = cachedStatements(open());
    expect(db.prepare('select n from t')).toBe(db.prepare('select n from t'));
  });

  it('drops the least recently used statement past its size', () => {
    const db = cachedStatements(open(), 2);
    const a = db.prepare('select 1');
    db.prepare('select 2');
    db.prepare('select 1'); // a is now the most recent
    db.prepare('select 3'); // evicts 'select 2'
    expect(db.prepare('select 1')).toBe(a);
    expect(db.prepare('select 2')).not.toBe(db.prepare('select 3'));
  });

  it('gives a fresh statement while the cached one is being iterated', () => {
    const db = cachedStatements(open());
    const outer = db.prepare('select n from t order by n');
    const seen: number[] = [];
    for (const row of outer.iterate([]) as Iterable<{ n: number }>) {
      // The same query inside the iteration: the cached statement is busy.
      const inner = db.prepare('select n from t order by n');
      expect(inner).not.toBe(outer);
      seen.push(row.n, (inner.all([]) as { n: number }[]).length);
    }
    expect(seen).toEqual([1, 3, 2, 3, 3, 3]);
  });
});
