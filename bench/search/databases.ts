/**
 * The databases the bench runs on: a fresh SQLite file in a temporary data directory, and (when a
 * PostgreSQL URL is given) a database of its own, dropped and recreated at the start. Both are
 * migrated by the app's own openDatabase, so tables, triggers and indexes are exactly the app's.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../packages/server/src/db/index.ts';
import { type CorpusWriter, postgresWriter, sqliteWriter } from './writers.ts';

export type DatabaseName = 'sqlite' | 'postgres';

export interface BenchDatabase {
  name: DatabaseName;
  /** DATA_DIR (and DATABASE_URL) for the server process. */
  serverEnv: Record<string, string>;
  /** Empty the database and migrate it with the app's code. */
  prepare(): Promise<void>;
  writer(): Promise<CorpusWriter>;
  sizeBytes(): Promise<number>;
  /** Remove the data, unless kept (--keep, to query it by hand): then its location. */
  dispose(): Promise<string | null>;
}

const SQLITE_FILE = 'parley.db';
/** One per port offset, so runs side by side do not drop each other's database. */
const PG_DATABASE = `parley_bench_search${process.env.BENCH_PORT_OFFSET ?? ''}`;

async function migrate(databaseUrl: string | null, dataDir: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl, sqlitePath: path.join(dataDir, SQLITE_FILE) });
  await handle.close();
}

/** A temporary data directory, removed at exit (an interrupted run's too) unless kept. */
function temporaryDataDir(prefix: string, keep: boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  if (!keep) process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function sqliteDatabase(keep: boolean): BenchDatabase {
  const dataDir = temporaryDataDir('parley-bench-search-', keep);
  const file = path.join(dataDir, SQLITE_FILE);
  return {
    name: 'sqlite',
    serverEnv: { DATA_DIR: dataDir },
    prepare: () => migrate(null, dataDir),
    writer: async () => sqliteWriter(file),
    // The WAL and its index count too: that is what the database occupies while it runs.
    sizeBytes: async () =>
      ['', '-wal', '-shm'].reduce((sum, suffix) => {
        const part = file + suffix;
        return sum + (existsSync(part) ? statSync(part).size : 0);
      }, 0),
    dispose: async () => {
      if (keep) return file;
      rmSync(dataDir, { recursive: true, force: true });
      return null;
    },
  };
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export function postgresDatabase(baseUrl: string, keep: boolean): BenchDatabase {
  // The server's DATA_DIR holds only its generated secrets here: never kept.
  const dataDir = temporaryDataDir('parley-bench-search-pg-', false);
  const url = new URL(baseUrl);
  url.pathname = `/${PG_DATABASE}`;
  const databaseUrl = url.toString();
  const drop = () =>
    withClient(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`));
  return {
    name: 'postgres',
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    prepare: async () => {
      await drop();
      await withClient(baseUrl, (c) => c.query(`CREATE DATABASE ${PG_DATABASE}`));
      await migrate(databaseUrl, dataDir);
    },
    writer: () => postgresWriter(databaseUrl),
    sizeBytes: () =>
      withClient(databaseUrl, async (c) => {
        const { rows } = await c.query<{ size: string }>(
          'SELECT pg_database_size(current_database()) AS size',
        );
        return Number(rows[0].size);
      }),
    dispose: async () => {
      if (keep) return databaseUrl;
      await drop();
      return null;
    },
  };
}
