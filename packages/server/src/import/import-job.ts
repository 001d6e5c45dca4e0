import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { ImportJob } from '@parley/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { ImportSource } from './formats/types.ts';
import { type ImportRows, toImportRows } from './import-rows.ts';

/** Conversations saved per transaction; the event loop gets a turn between batches. */
const BATCH_CONVERSATIONS = 100;
/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const ROWS_PER_INSERT = 400;
/** A finished job's progress stays readable this long. */
const KEEP_FINISHED_MS = 60 * 60 * 1000;
/**
 * Imports in progress at once, from upload to the last batch: each holds its parsed file in
 * memory, so parallel uploads of large exports must not add up to an out-of-memory crash.
 */
const MAX_IMPORTS_PER_USER = 1;
const MAX_IMPORTS_TOTAL = 2;

/** A place among the imports in progress; `release` gives it back (only the first call counts). */
export interface ImportSlot {
  release(): void;
}

/** Save a batch of converted conversations in one transaction: all of a conversation or none. */
export async function saveImportBatch(db: Db, batch: ImportRows[]): Promise<void> {
  if (batch.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('conversations')
      .values(batch.map((b) => b.conversation))
      .execute();
    const messages = batch.flatMap((b) => b.messages);
    for (let i = 0; i < messages.length; i += ROWS_PER_INSERT) {
      await trx
        .insertInto('messages')
        .values(messages.slice(i, i + ROWS_PER_INSERT))
        .execute();
    }
  });
}

interface Entry {
  userId: string;
  job: ImportJob;
  finishedAt: number | null;
}

/**
 * Imports run as background jobs (DESIGN §1.4): the upload returns at once with a job id, the
 * client polls its progress, and a 10k-conversation file is saved in batches that yield to the
 * event loop so other requests keep being served. Jobs are per process and per user.
 */
export function importJobs(db: Db, log: FastifyBaseLogger) {
  const jobs = new Map<string, Entry>();
  const running = new Set<Promise<void>>();
  const inFlight = new Map<string, number>();
  let total = 0;

  const prune = (now: number) => {
    for (const [id, e] of jobs)
      if (e.finishedAt !== null && now - e.finishedAt > KEEP_FINISHED_MS) jobs.delete(id);
  };

  async function run(entry: Entry, source: ImportSource): Promise<void> {
    const { job, userId } = entry;
    const now = Date.now();
    let batch: ImportRows[] = [];
    let pending = 0;
    const flush = async () => {
      await saveImportBatch(db, batch);
      job.imported += batch.length;
      job.done += pending;
      batch = [];
      pending = 0;
      await yieldToLoop();
    };
    try {
      for (const conversation of source.conversations()) {
        const rows = toImportRows(userId, conversation, now);
        if (rows) batch.push(rows);
        pending++;
        if (pending >= BATCH_CONVERSATIONS) await flush();
      }
      await flush();
      job.done = job.total;
      job.status = 'done';
      log.info({ userId, format: job.format, imported: job.imported }, 'conversations imported');
    } catch (err) {
      job.status = 'failed';
      job.error = 'An error occurred while importing the conversations.';
      log.error({ err, userId, jobId: job.jobId }, 'conversation import failed');
    } finally {
      entry.finishedAt = Date.now();
    }
  }

  return {
    /**
     * Take a slot before the upload is read, or refuse with import_busy. The slot passes to the job
     * (`start`), which gives it back after the last batch; an upload that starts no job releases it.
     */
    reserve(userId: string): ImportSlot {
      if ((inFlight.get(userId) ?? 0) >= MAX_IMPORTS_PER_USER || total >= MAX_IMPORTS_TOTAL)
        throw new AppError('import_busy');
      inFlight.set(userId, (inFlight.get(userId) ?? 0) + 1);
      total++;
      let held = true;
      return {
        release() {
          if (!held) return;
          held = false;
          total--;
          const n = (inFlight.get(userId) ?? 1) - 1;
          if (n > 0) inFlight.set(userId, n);
          else inFlight.delete(userId);
        },
      };
    },

    /** Start importing a recognised file in the slot reserved for it; returns the job as it stands. */
    start(userId: string, source: ImportSource, slot: ImportSlot): ImportJob {
      prune(Date.now());
      const job: ImportJob = {
        jobId: randomUUID(),
        status: 'running',
        format: source.format,
        total: source.total,
        done: 0,
        imported: 0,
        error: null,
      };
      const entry: Entry = { userId, job, finishedAt: null };
      jobs.set(job.jobId, entry);
      const p = run(entry, source).finally(() => {
        running.delete(p);
        slot.release();
      });
      running.add(p);
      return { ...job };
    },

    /** A job of this user's; another user's job id reads as not found. */
    get(userId: string, jobId: string): ImportJob | null {
      const entry = jobs.get(jobId);
      return entry && entry.userId === userId ? { ...entry.job } : null;
    },

    /** Wait for running imports (shutdown, tests). */
    async idle(): Promise<void> {
      await Promise.all([...running]);
    },
  };
}
export type ImportJobs = ReturnType<typeof importJobs>;
