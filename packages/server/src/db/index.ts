import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import * as sqliteVec from 'sqlite-vec';
import { cachedStatements } from './dialects/statement-cache.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

/** SQLite memory-mapped I/O window (address space, not memory: pages stay the OS's cache). */
const SQLITE_MMAP_BYTES = 1024 * 1024 * 1024;

// PostgreSQL returns int8 as a string; our times are ms integers well inside 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/** Open the database (PostgreSQL when a URL is given, else SQLite in WAL mode) and migrate it. */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  sqlitePath: string;
  /** Errors of idle pooled connections (the server restarted or ended them). */
  onIdleError?: (err: Error) => void;
}): Promise<DbHandle> {
  let db: Db;
  let dialect: Dialect;
  if (opts.databaseUrl) {
    dialect = 'postgres';
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client the server disconnects emits 'error' on the pool; unheard, that would end the
    // process. The pool drops that client and the next query opens a new one.
    pool.on('error', (err) => opts.onIdleError?.(err));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    dialect = 'sqlite';
    mkdirSync(path.dirname(opts.sqlitePath), { recursive: true });
    const sqlite = new SQLite(opts.sqlitePath);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Reads map the file instead of copying pages through the small page cache: file search
    // scores thousands of 6 KB vectors per query (halved its time at 100k chunks).
    sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
    // Vector distance functions for file search (files/rag/retrieve.ts).
    sqliteVec.load(sqlite);
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachedStatements(sqlite) }) });
  }
  await migrateToLatest(db as Kysely<unknown>);
  return { db, dialect, close: () => db.destroy() };
}
