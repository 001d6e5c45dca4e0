/**
 * Message search benchmark: GET /api/messages?search=…&cursor=… over HTTP against the real server
 * process, signed in with a password as a heavy user, at two corpus sizes in one run: the heavy
 * user's 100k messages (1k conversations), then the same database grown to 1M (10k
 * conversations), with ten other users' messages beside them (10k, then 100k). SQLite always;
 * PostgreSQL too when TEST_POSTGRES_URL is set. The corpus goes in through the app's own tables,
 * so its triggers and indexes build the search index. Reports p50/p95 per query kind at both sizes
 * and the targets (p95 ≤ 100 ms at 1M, growth ≤ 2×, no-match p95 ≤ 20 ms).
 *
 *   npm run bench:search [-- --scale 0.1 --db sqlite|postgres --reps 30 --keep]
 *
 * --scale shrinks both stages (0.1: 10k then 100k messages) for quick runs; --keep leaves the
 * database in place (its location is printed) to try queries on it by hand.
 */
import {
  type ConversationData,
  type Corpus,
  type CorpusUsers,
  corpusFor,
  type Stage,
  stageConversations,
  stageMessageCount,
  stagesOf,
} from './search/corpus.ts';
import {
  type BenchDatabase,
  type DatabaseName,
  postgresDatabase,
  sqliteDatabase,
} from './search/databases.ts';
import { type KindTiming, type QueryKind, queryKinds, timeKind } from './search/queries.ts';
import { type DatabaseReport, kindSummary, printDatabaseReport, type StageReport } from './search/report.ts';
import { type Account, Session, signUp, startServer } from './search/server.ts';
import { buildVocabulary, type Vocabulary } from './search/vocabulary.ts';

const WARMUPS = 3;
const OTHER_USERS = 10;
/** Messages per write transaction. */
const BATCH_MESSAGES = 15_000;
const PROGRESS_EVERY = 100_000;

interface Options {
  scale: number;
  databases: DatabaseName[];
  reps: number;
  keep: boolean;
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

function options(): Options {
  const scale = Number(argValue('scale') ?? 1);
  const reps = Number(argValue('reps') ?? 30);
  const db = argValue('db');
  if (!(scale > 0) || !(reps > 0)) throw new Error('--scale and --reps take positive numbers');
  const all: DatabaseName[] = process.env.TEST_POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  if (db === undefined) return { scale, reps, databases: all, keep: process.argv.includes('--keep') };
  if (db !== 'sqlite' && db !== 'postgres') throw new Error('--db takes sqlite or postgres');
  return { scale, reps, databases: [db], keep: process.argv.includes('--keep') };
}

const account = (name: string, email: string): Account => ({
  name,
  email,
  password: 'bench-search-password',
});
const HEAVY = account('Heavy User', 'heavy@example.com');
const OTHERS = Array.from({ length: OTHER_USERS }, (_, i) =>
  account(`Other User ${i + 1}`, `other${i + 1}@example.com`),
);

const progress = (text: string) => process.stderr.write(`${text}\n`);

/** Sign everyone up over HTTP (the others first, so the heavy user is not the first, admin, user). */
async function signUpUsers(db: BenchDatabase): Promise<CorpusUsers> {
  const server = await startServer(db.serverEnv);
  try {
    const others: string[] = [];
    for (const other of OTHERS) others.push(await signUp(other));
    return { heavy: await signUp(HEAVY), others };
  } finally {
    await server.stop();
  }
}

/** Write a stage's conversations in transactions of ~BATCH_MESSAGES messages; returns the ms taken. */
async function buildStage(db: BenchDatabase, corpus: Corpus, stage: Stage): Promise<number> {
  const t0 = performance.now();
  const total = stageMessageCount(stage).all;
  const writer = await db.writer();
  let batch: ConversationData[] = [];
  let inBatch = 0;
  let written = 0;
  let reported = 0;
  const flush = async () => {
    await writer.write(batch);
    written += inBatch;
    batch = [];
    inBatch = 0;
    if (written - reported >= PROGRESS_EVERY || written === total) {
      reported = written;
      const s = ((performance.now() - t0) / 1000).toFixed(0);
      progress(
        `[${db.name} ${stage.label}] ${written.toLocaleString('en-US')}/${total.toLocaleString('en-US')} messages, ${s} s`,
      );
    }
  };
  try {
    for (const conversation of stageConversations(corpus, stage)) {
      batch.push(conversation);
      inBatch += conversation.messages.length;
      if (inBatch >= BATCH_MESSAGES) await flush();
    }
    if (batch.length) await flush();
  } finally {
    await writer.close();
  }
  return performance.now() - t0;
}

/** Start the server on the database as it now is, sign in as the heavy user and time every kind. */
async function measureStage(db: BenchDatabase, stage: Stage, kinds: QueryKind[], reps: number) {
  const timings = new Map<string, KindTiming>();
  const server = await startServer(db.serverEnv);
  try {
    const session = new Session(HEAVY);
    for (const kind of kinds) {
      const timing = await timeKind(session, kind, reps, WARMUPS);
      // As it comes, so an interrupted run still leaves its numbers.
      progress(`[${db.name} ${stage.label}] ${kindSummary(kind, timing)}`);
      timings.set(kind.id, timing);
    }
  } finally {
    await server.stop();
  }
  return timings;
}

async function benchDatabase(
  db: BenchDatabase,
  vocabulary: Vocabulary,
  kinds: QueryKind[],
  opts: Options,
): Promise<DatabaseReport> {
  progress(`[${db.name}] migrating a fresh database and signing up ${OTHER_USERS + 1} users`);
  await db.prepare();
  const users = await signUpUsers(db);
  const corpus = corpusFor(vocabulary, users, opts.scale, Date.now());
  const stages: StageReport[] = [];
  let heavyMessages = 0;
  for (const stage of stagesOf(corpus)) {
    const buildMs = await buildStage(db, corpus, stage);
    const counts = stageMessageCount(stage);
    heavyMessages += counts.heavy;
    stages.push({
      label: stage.label,
      addedMessages: counts.all,
      heavyMessages,
      heavyConversations: stage.heavy.to,
      buildMs,
      sizeBytes: await db.sizeBytes(),
      kinds: await measureStage(db, stage, kinds, opts.reps),
    });
  }
  return { name: db.name, stages };
}

function databaseFor(name: DatabaseName, keep: boolean): BenchDatabase {
  if (name === 'sqlite') return sqliteDatabase(keep);
  const url = process.env.TEST_POSTGRES_URL;
  if (!url)
    throw new Error('--db postgres needs TEST_POSTGRES_URL (a server where it may create a database)');
  return postgresDatabase(url, keep);
}

async function main() {
  const opts = options();
  const vocabulary = buildVocabulary();
  const kinds = queryKinds(vocabulary);
  let met = 0;
  let total = 0;
  for (const name of opts.databases) {
    const db = databaseFor(name, opts.keep);
    try {
      const report = await benchDatabase(db, vocabulary, kinds, opts);
      const result = printDatabaseReport(report, kinds, { reps: opts.reps, warmups: WARMUPS });
      met += result.met;
      total += result.total;
    } finally {
      const kept = await db.dispose();
      if (kept) console.log(`${name} database kept: ${kept}`);
    }
  }
  if (opts.scale !== 1)
    console.log(`\n(scale ${opts.scale}: the targets are meant for the 1M stage of scale 1)`);
  if (!process.env.TEST_POSTGRES_URL) console.log('(PostgreSQL skipped: TEST_POSTGRES_URL is not set)');
  // A benchmark reports; missed targets do not fail the run.
  console.log(`\nsearch bench: ${met}/${total} targets met`);
}

await main();
