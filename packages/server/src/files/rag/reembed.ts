import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { Db, Dialect } from '../../db/index.ts';
import { type Embedder, embeddingText } from './embed.ts';
import {
  claimFile,
  confirmClaim,
  type DueQuery,
  deferFile,
  filesToReembed,
  type QueuedFile,
  releaseClaim,
} from './reembed-queue.ts';
import { writeFileVectors } from './store.ts';

/**
 * The background job that embeds files' existing chunks again when the embedding model changed
 * (or files were indexed while embeddings were off or failing). Nothing is extracted again: the
 * chunk texts are in file_chunks. One file at a time, its chunks in batches of REEMBED_BATCH,
 * its new vectors and model written in one transaction; until then the file answers through full
 * text, as before. A failing provider never fails a file: the file waits out a backoff and the job
 * pauses. Several instances on one PostgreSQL share the work through claims (reembed-queue.ts).
 */

/** Chunk texts per `/embeddings` call: a failed call wastes little, and the claim is confirmed this often. */
export const REEMBED_BATCH = 64;
/** Due files read per look at the queue (each is claimed just before its turn). */
export const REEMBED_CANDIDATES = 16;
/** One `/embeddings` call may take this long before it counts as a failure. */
export const REEMBED_CALL_TIMEOUT_MS = 60_000;
/** A claim not confirmed for this long belongs to a dead instance (confirmed after every batch). */
export const REEMBED_CLAIM_STALE_MS = 5 * 60_000;
/** A file whose re-embedding failed waits RETRY_BASE × 2^(attempts − 1), at most RETRY_MAX. */
export const REEMBED_RETRY_BASE_MS = 30_000;
export const REEMBED_RETRY_MAX_MS = 60 * 60_000;
/** After a failure the job itself pauses PAUSE_BASE × 2^(failures in a row − 1), at most PAUSE_MAX. */
export const REEMBED_PAUSE_BASE_MS = 5_000;
export const REEMBED_PAUSE_MAX_MS = 5 * 60_000;
/** With nothing due, look again after this long (files uploaded while the provider failed, backoffs ending). */
export const REEMBED_POLL_MS = 60_000;

export interface ReembedTimings {
  batch: number;
  callTimeoutMs: number;
  claimStaleMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  pauseBaseMs: number;
  pauseMaxMs: number;
  pollMs: number;
}

const DEFAULT_TIMINGS: ReembedTimings = {
  batch: REEMBED_BATCH,
  callTimeoutMs: REEMBED_CALL_TIMEOUT_MS,
  claimStaleMs: REEMBED_CLAIM_STALE_MS,
  retryBaseMs: REEMBED_RETRY_BASE_MS,
  retryMaxMs: REEMBED_RETRY_MAX_MS,
  pauseBaseMs: REEMBED_PAUSE_BASE_MS,
  pauseMaxMs: REEMBED_PAUSE_MAX_MS,
  pollMs: REEMBED_POLL_MS,
};

/** base × 2^(n − 1), at most max. */
export const backoff = (n: number, base: number, max: number) =>
  Math.min(max, base * 2 ** Math.min(Math.max(n - 1, 0), 30));

/**
 * What went wrong, for the log: the message and the provider's status only. The error itself
 * would carry the request (the user's chunk texts) into the log.
 */
function reason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const status = (err as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' ? `${status} ${err.message}` : err.message;
}

interface Log {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export interface ReembedJob {
  /** Resolves once the job has found nothing due (now or at its next look), or has stopped. */
  idle(): Promise<void>;
  /** Stop: the current `/embeddings` call is aborted and its file's claim released. */
  stop(): Promise<void>;
}

type Outcome = 'done' | 'lost' | 'stopped';

export function startReembedJob(deps: {
  db: Db;
  dialect: Dialect;
  embedder: Embedder;
  log: Log;
  timings?: Partial<ReembedTimings>;
  now?: () => number;
}): ReembedJob {
  const { db, dialect, embedder, log } = deps;
  const t = { ...DEFAULT_TIMINGS, ...deps.timings };
  const now = deps.now ?? Date.now;
  const startedAt = now();
  // One token per job: a claim names the instance holding it.
  const claim = randomUUID();
  const stopping = new AbortController();
  let idleWaiters: (() => void)[] = [];
  let busy = true;
  const becameIdle = () => {
    busy = false;
    for (const w of idleWaiters) w();
    idleWaiters = [];
  };
  const dueQuery = (): DueQuery => {
    const at = now();
    return { embedderId: embedder.id, now: at, staleBefore: at - t.claimStaleMs, indexedBefore: startedAt };
  };

  /** Embed one claimed file's chunks batch by batch, then write them all in one transaction. */
  async function reembedFile(f: QueuedFile): Promise<Outcome> {
    const vectors: { id: number; vector: Float32Array }[] = [];
    let after = -1;
    for (;;) {
      const rows = await db
        .selectFrom('file_chunks')
        .select(['id', 'ordinal', 'heading', 'text'])
        .where('user_id', '=', f.user_id)
        .where('file_id', '=', f.file_id)
        .where('ordinal', '>', after)
        .orderBy('ordinal')
        .limit(t.batch)
        .execute();
      if (rows.length === 0) break;
      const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(t.callTimeoutMs)]);
      // No retries inside the call: this job's backoff is the retry.
      const embedded = await embedder.embed(rows.map(embeddingText), signal, { maxRetries: 0 });
      if (embedded.length !== rows.length)
        throw new Error(`embeddings: ${embedded.length} vectors for ${rows.length} texts`);
      // Float32 halves what a large file's vectors hold in memory until they are written.
      for (const [i, r] of rows.entries())
        vectors.push({ id: Number(r.id), vector: Float32Array.from(embedded[i]) });
      after = rows[rows.length - 1].ordinal;
      if (!(await confirmClaim(db, f, claim, now()))) return 'lost';
      if (stopping.signal.aborted) return 'stopped';
      // Let requests waiting on the event loop in before the next batch.
      await nextTurn();
    }
    const written = await writeFileVectors(db, dialect, {
      userId: f.user_id,
      fileId: f.file_id,
      claim,
      embedderId: embedder.id,
      vectors,
      now: now(),
    });
    return written ? 'done' : 'lost';
  }

  async function pause(ms: number) {
    await sleep(ms, undefined, { signal: stopping.signal, ref: false }).catch(() => undefined);
  }

  async function run() {
    let failures = 0;
    let done = 0;
    while (!stopping.signal.aborted) {
      let candidates: QueuedFile[];
      try {
        const q = dueQuery();
        candidates = await filesToReembed(db, embedder.id, REEMBED_CANDIDATES, q);
      } catch (err) {
        log.warn({ reason: reason(err) }, 'file re-embedding: reading the queue failed');
        await pause(t.pollMs);
        continue;
      }
      if (candidates.length === 0) {
        if (done > 0) log.info({ files: done, model: embedder.id }, 'files re-embedded');
        done = 0;
        becameIdle();
        await pause(t.pollMs);
        continue;
      }
      busy = true;
      for (const f of candidates) {
        if (stopping.signal.aborted) break;
        let claimed: { attempts: number } | null = null;
        try {
          claimed = await claimFile(db, f, claim, dueQuery());
          // Another instance took it, or it was indexed again meanwhile.
          if (!claimed) continue;
          const outcome = await reembedFile(f);
          if (outcome === 'stopped') await releaseClaim(db, f, claim);
          if (outcome === 'done') done++;
          failures = 0;
        } catch (err) {
          if (!claimed) {
            log.warn({ reason: reason(err) }, 'file re-embedding: claiming a file failed');
          } else if (stopping.signal.aborted) {
            // Stopped mid-call: leave the file due at once, for this instance's successor or another.
            await releaseClaim(db, f, claim).catch(() => undefined);
            break;
          } else {
            const attempts = claimed.attempts + 1;
            const retryAt = now() + backoff(attempts, t.retryBaseMs, t.retryMaxMs);
            await deferFile(db, f, claim, attempts, retryAt).catch(() => undefined);
            log.warn(
              { reason: reason(err), fileId: f.file_id, attempts, retryAt: new Date(retryAt).toISOString() },
              'file re-embedding failed; the file stays searchable by full text',
            );
          }
          failures++;
          // The provider (or the database) is likely down: give it time before the next file.
          await pause(backoff(failures, t.pauseBaseMs, t.pauseMaxMs));
        }
      }
    }
  }

  const running = run()
    .catch((err) => log.warn({ reason: reason(err) }, 'file re-embedding stopped on an error'))
    .finally(becameIdle);
  return {
    idle: () => (busy ? new Promise<void>((resolve) => idleWaiters.push(resolve)) : Promise.resolve()),
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
