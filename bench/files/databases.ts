/**
 * Fresh, migrated databases for the files benches: a temporary SQLite file, and (when
 * TEST_POSTGRES_URL is set) a PostgreSQL database of its own per port offset, dropped at the end.
 * Users are written directly; files rows through db/rows.ts, pending until processFile indexes them.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DbHandle, type Dialect, openDatabase } from '../../packages/server/src/db/index.ts';
import { newFileRow } from '../../packages/server/src/db/rows.ts';
import { storageKey } from '../../packages/server/src/files/storage.ts';

export interface BenchDb {
  name: Dialect;
  handle: DbHandle;
  dispose(): Promise<void>;
}

const PG_DATABASE = `parley_bench_files${process.env.BENCH_PORT_OFFSET ?? ''}`;

async function admin(base: string, statement: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function openBenchDb(name: Dialect): Promise<BenchDb> {
  if (name === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-bench-files-'));
    const handle = await openDatabase({ databaseUrl: null, sqlitePath: path.join(dir, 'parley.db') });
    return {
      name,
      handle,
      dispose: async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const base = process.env.TEST_POSTGRES_URL;
  if (!base) throw new Error('TEST_POSTGRES_URL is not set');
  await admin(base, `DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`);
  await admin(base, `CREATE DATABASE ${PG_DATABASE}`);
  const url = new URL(base);
  url.pathname = `/${PG_DATABASE}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), sqlitePath: '' });
  return {
    name,
    handle,
    dispose: async () => {
      await handle.close();
      await admin(base, `DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`);
    },
  };
}

export const benchDbNames = (): Dialect[] =>
  process.env.TEST_POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export async function makeBenchUser(db: BenchDb): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await db.handle.db
    .insertInto('users')
    .values({
      id,
      email: `${id}@bench.local`,
      name: 'Bench',
      role: 'USER',
      provider: 'local',
      created_at: now,
      updated_at: now,
    } as never)
    .execute();
  return id;
}

export async function makeBenchFile(
  db: BenchDb,
  userId: string,
  filename: string,
  bytes: number,
): Promise<string> {
  const fileId = randomUUID();
  const row = newFileRow({
    fileId,
    userId,
    filename,
    storageKey: storageKey(userId, fileId),
    type: 'application/pdf',
    bytes,
    toolResource: 'file_search',
    status: 'pending',
  });
  await db.handle.db.insertInto('files').values(row).execute();
  return fileId;
}

/** One result line: a measured number against its target. */
export interface BenchRow {
  bench: string;
  database: Dialect;
  metric: string;
  value: number;
  unit: string;
  target: string;
  met: boolean;
}

export const formatRows = (rows: BenchRow[]) =>
  rows
    .map(
      (r) =>
        `${r.bench.padEnd(16)} ${r.database.padEnd(9)} ${r.metric.padEnd(34)} ${String(r.value).padStart(9)} ${r.unit.padEnd(6)} target ${r.target.padEnd(9)} ${r.met ? 'met' : 'MISSED'}`,
    )
    .join('\n');
