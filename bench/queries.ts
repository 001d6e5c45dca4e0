/**
 * The queries that grow with a user's data, at a heavy user's scale (1M messages in 10k
 * conversations, plus other users' rows): each one's plan and its time (median and p95 of warm
 * runs), on SQLite and on PostgreSQL. Prints; exits 0 (a benchmark, not a test: the plans are
 * asserted by packages/server/test/query-plans.test.ts).
 *
 *   npx tsx bench/queries.ts [--dialect sqlite|postgres|both] [--small] [--runs 20] [--delete]
 *
 * The corpus is seeded once per dialect and kept (bench/.tmp/queries-*.sqlite and the PostgreSQL
 * database parley_bench_queries[_small] on BENCH_POSTGRES_URL, default the local test server).
 * --delete also times clearing all chats and deleting the account, each on a fresh copy of it.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { type CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { deleteAccountRows } from '../packages/server/src/account/delete-account.ts';
import { deleteAllConversations } from '../packages/server/src/convos/delete.ts';
import { conversationsPerDeleteTransaction } from '../packages/server/src/db/dialects/bulk-delete.ts';
import { dialectOf, tagCountsQuery } from '../packages/server/src/db/dialects/json-tags.ts';
import { type Db, openDatabase } from '../packages/server/src/db/index.ts';
import { encodeCursor } from '../packages/server/src/db/keyset.ts';
import {
  conversationListQuery,
  nextConversationsQuery,
} from '../packages/server/src/db/repos/conversations.ts';
import { deleteMessagesOfQuery } from '../packages/server/src/db/repos/messages.ts';
import { sharedLinkListQuery } from '../packages/server/src/db/repos/shared-links.ts';
import type { ImportSource } from '../packages/server/src/import/formats/types.ts';
import { importJobs } from '../packages/server/src/import/import-job.ts';
import { type CorpusSize, FULL, postgresSink, sqliteSink, writeCorpus } from './queries/corpus.ts';

const argValue = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const DIALECTS = (argValue('dialect') ?? 'both') === 'both' ? ['sqlite', 'postgres'] : [argValue('dialect')!];
const SMALL = process.argv.includes('--small');
const RUNS = Number(argValue('runs') ?? 20);
const DELETE = process.argv.includes('--delete');
const PG_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SIZE: CorpusSize = SMALL
  ? {
      conversations: 1000,
      messagesPerConversation: 100,
      otherUsers: 4,
      otherConversations: 250,
      otherMessagesPerConversation: 50,
    }
  : FULL;
const NAME = SMALL ? 'queries_small' : 'queries';
const TMP = path.resolve(import.meta.dirname, '.tmp');

/** Half way through the corpus's two years of conversations. */
const YEAR_AGO = Date.UTC(2025, 10, 1);

interface Case {
  name: string;
  query: (db: Db, userId: string) => CompiledQuery | Promise<CompiledQuery>;
  /** A write: its plan is shown (without running it), its time comes from --delete. */
  write?: boolean;
}

const convos = (opts: Parameters<typeof conversationListQuery>[2]) => (db: Db, userId: string) =>
  conversationListQuery(db, userId, opts).compile();
const links = (opts: Parameters<typeof sharedLinkListQuery>[2]) => (db: Db, userId: string) =>
  sharedLinkListQuery(db, userId, opts).compile();

const CASES: Case[] = [
  { name: 'sidebar: updatedAt desc', query: convos({ limit: 25, isArchived: false }) },
  {
    name: 'sidebar: a page a year back (cursor)',
    query: convos({ limit: 25, isArchived: false, cursor: encodeCursor([YEAR_AGO, 'z']) }),
  },
  { name: 'sidebar: search (no match)', query: convos({ limit: 25, isArchived: false, search: 'zzz' }) },
  { name: 'sidebar: search (common word)', query: convos({ limit: 25, isArchived: false, search: 'plan' }) },
  { name: 'sidebar: tag filter (2%)', query: convos({ limit: 25, isArchived: false, tags: ['work'] }) },
  { name: 'sidebar: createdAt desc', query: convos({ limit: 25, isArchived: false, sortBy: 'createdAt' }) },
  {
    name: 'archived: createdAt desc',
    query: convos({ limit: 25, isArchived: true, sortBy: 'createdAt', sortDirection: 'desc' }),
  },
  {
    name: 'archived: title asc',
    query: convos({ limit: 25, isArchived: true, sortBy: 'title', sortDirection: 'asc' }),
  },
  {
    name: 'archived: title asc, from "m" (cursor)',
    query: convos({
      limit: 25,
      isArchived: true,
      sortBy: 'title',
      sortDirection: 'asc',
      cursor: encodeCursor(['m', 'z']),
    }),
  },
  {
    name: 'archived: search (no match), createdAt',
    query: convos({ limit: 25, isArchived: true, sortBy: 'createdAt', search: 'zzz' }),
  },
  { name: 'tag counts', query: (db, userId) => tagCountsQuery(dialectOf(db), userId).compile(db) },
  {
    name: 'shared links: createdAt desc',
    query: links({ pageSize: 25, isPublic: true, sortBy: 'createdAt', sortDirection: 'desc' }),
  },
  {
    name: 'shared links: title asc',
    query: links({ pageSize: 25, isPublic: true, sortBy: 'title', sortDirection: 'asc' }),
  },
  {
    name: 'clear all: the next conversations, half way (walk)',
    query: (db, userId) =>
      nextConversationsQuery(
        db,
        userId,
        { is_archived: 0, created_at: YEAR_AGO, conversation_id: 'z' },
        conversationsPerDeleteTransaction(dialectOf(db)),
      ).compile(),
  },
  {
    name: "clear all: delete the first batch's messages",
    write: true,
    query: async (db, userId) => {
      const batch = await nextConversationsQuery(
        db,
        userId,
        null,
        conversationsPerDeleteTransaction(dialectOf(db)),
      ).execute();
      return deleteMessagesOfQuery(
        db,
        userId,
        batch.map((c) => c.conversation_id),
      ).compile();
    },
  },
  {
    name: 'shared links: search (no match)',
    query: links({ pageSize: 25, isPublic: true, sortBy: 'createdAt', sortDirection: 'desc', search: 'zzz' }),
  },
];

async function openSeeded(dialect: string): Promise<{ db: Db; userId: string; close(): Promise<void> }> {
  mkdirSync(TMP, { recursive: true });
  const sqlitePath = path.join(TMP, `${NAME}.sqlite`);
  let url: string | null = null;
  if (dialect === 'postgres') {
    url = await ensurePostgresDatabase(`parley_bench_${NAME}`);
  }
  const opened = performance.now();
  const handle = await openDatabase({ databaseUrl: url, sqlitePath });
  const found = await findHeavyUser(handle.db);
  if (found) {
    // Opening migrates: a new index's first build over the whole corpus shows here.
    console.log(`opened (and migrated) in ${((performance.now() - opened) / 1000).toFixed(1)} s`);
    // Statistics for what the migration added, as autovacuum would gather them in time.
    if (dialect === 'postgres') await sql`ANALYZE`.execute(handle.db);
    return { db: handle.db, userId: found, close: handle.close };
  }
  const started = performance.now();
  let userId: string;
  if (dialect === 'postgres') {
    const client = new pg.Client({ connectionString: url! });
    await client.connect();
    userId = (await writeCorpus(postgresSink(client), SIZE)).heavyUserId;
    await client.query('VACUUM ANALYZE');
    await client.end();
  } else {
    const raw = new SQLite(sqlitePath);
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    userId = (await writeCorpus(sqliteSink(raw), SIZE)).heavyUserId;
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
  }
  console.log(`seeded ${dialect} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return { db: handle.db, userId, close: handle.close };
}

/** The heavy user (bench0-…), or another one by its email prefix. */
async function findHeavyUser(db: Db, prefix = 'bench0-'): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', `${prefix}%`)
    .executeTakeFirst();
  return row?.id;
}

async function admin(query: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

async function ensurePostgresDatabase(name: string): Promise<string> {
  const { rowCount } = await admin(`SELECT 1 FROM pg_database WHERE datname = '${name}'`);
  if (!rowCount) await admin(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The plan; on PostgreSQL with the rows each step really read, unless the query writes. */
async function plan(db: Db, dialect: string, q: CompiledQuery, analyze: boolean): Promise<string> {
  if (dialect === 'postgres') {
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>({
      ...q,
      sql: `EXPLAIN (${analyze ? 'ANALYZE, TIMING OFF, SUMMARY OFF, ' : ''}COSTS OFF) ${q.sql}`,
    });
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }
  const { rows } = await db.executeQuery<{ detail: string }>({ ...q, sql: `EXPLAIN QUERY PLAN ${q.sql}` });
  return rows.map((r) => r.detail).join('\n');
}

const quantile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : 0;

async function time(db: Db, q: CompiledQuery): Promise<{ median: number; p95: number; rows: number }> {
  let rows = 0;
  for (let i = 0; i < 2; i++) rows = (await db.executeQuery(q)).rows.length;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await db.executeQuery(q);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: quantile(times, 0.5), p95: quantile(times, 0.95), rows };
}

/** The import job (background batches) over a file of 100 conversations of 100 messages. */
async function importFile(db: Db, userId: string): Promise<void> {
  const source: ImportSource = {
    format: 'parley',
    total: 100,
    *conversations() {
      for (let c = 0; c < 100; c++) {
        yield {
          title: `Imported ${c}`,
          endpoint: 'openAI',
          model: 'gpt-4o',
          createdAt: null,
          updatedAt: null,
          messages: Array.from({ length: 100 }, (_, i) => ({
            sourceId: `m${i}`,
            parentSourceId: i ? `m${i - 1}` : null,
            sender: i % 2 ? 'GPT-4o' : 'User',
            text: `imported message ${i} with a few words of text`,
            isCreatedByUser: i % 2 === 0,
            createdAt: null,
          })),
        };
      }
    },
  };
  const jobs = importJobs(db, pino({ level: 'silent' }));
  jobs.start(userId, source, jobs.reserve(userId));
  await jobs.idle();
}

/** Time a destructive command on a throwaway copy of the corpus, with the event loop's worst stall. */
async function timeOnCopy(
  dialect: string,
  label: string,
  run: (db: Db, userId: string) => Promise<unknown>,
): Promise<void> {
  const copyName = `${NAME}_copy`;
  let url: string | null = null;
  const sqlitePath = path.join(TMP, `${copyName}.sqlite`);
  if (dialect === 'postgres') {
    await admin(`DROP DATABASE IF EXISTS parley_bench_${copyName} WITH (FORCE)`);
    await admin(`CREATE DATABASE parley_bench_${copyName} TEMPLATE parley_bench_${NAME}`);
    url = new URL(PG_URL).toString().replace(/\/[^/]*$/, `/parley_bench_${copyName}`);
  } else {
    for (const ext of ['', '-wal', '-shm']) rmSync(sqlitePath + ext, { force: true });
    copyFileSync(path.join(TMP, `${NAME}.sqlite`), sqlitePath);
  }
  const handle = await openDatabase({ databaseUrl: url, sqlitePath });
  const userId = (await findHeavyUser(handle.db))!;
  const messages = await handle.db
    .selectFrom('messages')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  // Another user's sidebar page asked for every 50 ms while it runs: how late its answer comes is
  // what the rest of the server feels (a synchronous SQLite statement holds the event loop too).
  const other = (await findHeavyUser(handle.db, 'bench1-'))!;
  const waits: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const asked = performance.now() + 50;
      await sleep(50);
      await conversationListQuery(handle.db, other, { limit: 25, isArchived: false }).execute();
      waits.push(performance.now() - asked);
    }
  })();
  // The histogram measures from its first tick: let it tick before the work starts.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  await sleep(100);
  const start = performance.now();
  await run(handle.db, userId);
  const ms = performance.now() - start;
  const left = await handle.db
    .selectFrom('messages')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  // The histogram records a stall when the loop next turns.
  await sleep(20);
  lag.disable();
  running = false;
  await probe;
  waits.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(44)} ${(ms / 1000).toFixed(1).padStart(7)} s  (${Number(messages.n)} → ${Number(left.n)} messages; ` +
      `longest event-loop stall ${(lag.max / 1e6).toFixed(0)} ms; another user's page waited ` +
      `${['p50', 'p95', 'max'].map((p, i) => `${p} ${quantile(waits, [0.5, 0.95, 1][i]).toFixed(0)}`).join(', ')} ms)`,
  );
  await handle.close();
  if (dialect === 'postgres') await admin(`DROP DATABASE IF EXISTS parley_bench_${copyName} WITH (FORCE)`);
  else for (const ext of ['', '-wal', '-shm']) rmSync(sqlitePath + ext, { force: true });
}

for (const dialect of DIALECTS) {
  console.log(`\n=== ${dialect} (${SMALL ? 'small' : 'full'} corpus)`);
  const { db, userId, close } = await openSeeded(dialect);
  for (const c of CASES) {
    const q = await c.query(db, userId);
    if (c.write) console.log(`\n${c.name}: (plan only)`);
    else {
      const t = await time(db, q);
      console.log(
        `\n${c.name}: median ${t.median.toFixed(2)} ms, p95 ${t.p95.toFixed(2)} ms, ${t.rows} rows`,
      );
    }
    console.log(
      (await plan(db, dialect, q, !c.write))
        .split('\n')
        .map((l) => `    ${l}`)
        .join('\n'),
    );
  }
  await close();
  if (DELETE) {
    console.log('');
    await timeOnCopy(dialect, 'clear all chats (deleteAllConversations)', (db, u) =>
      deleteAllConversations(db, u),
    );
    await timeOnCopy(dialect, 'delete account (deleteAccountRows)', (db, u) => deleteAccountRows(db, u));
    // Import reads nothing of the user's (every import gets new ids): it costs the file, at any size.
    await timeOnCopy(dialect, 'import 100 conversations x 100 messages', (db, u) => importFile(db, u));
  }
}
if (existsSync(TMP)) console.log(`\n(corpus kept in ${TMP} and parley_bench_${NAME}; delete to reseed)`);
