import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { NOT_EMBEDDED } from './store.ts';

/**
 * Which files need their chunks embedded again, and who does it. A document is due when its
 * chunks were embedded with another model than the current embedder's, or have no vectors though
 * they should (NOT_EMBEDDED: embeddings were off or failed at upload); when it is not waiting out
 * a failure's backoff; and when no instance holds a live claim on it. Claiming is one UPDATE
 * whose WHERE repeats those conditions: on PostgreSQL a second instance's UPDATE of the same row
 * waits for the first and then re-checks them on the committed row, so exactly one of them claims
 * it (SQLite has one writer anyway). A claim is confirmed after every batch; one not confirmed
 * for the stale time is free to take again (its instance died).
 */

export interface DueQuery {
  embedderId: string;
  now: number;
  /** Claims confirmed before this are stale. */
  staleBefore: number;
  /**
   * Only files indexed before this time may be re-embedded from another model (the job's start):
   * while an instance with an older config still runs beside a newer one, each leaves alone what
   * the other wrote after it started instead of embedding it back and forth. Files never embedded
   * are always due.
   */
  indexedBefore?: number;
}

export interface QueuedFile {
  user_id: string;
  file_id: string;
}

function due(e: ExpressionBuilder<Database, 'file_texts'>, q: DueQuery) {
  const model = e.ref('file_texts.embedding_model');
  // Two ranges of the model index around the current id; NULL (never embedded) is in neither, and
  // NOT_EMBEDDED ('') sorts first.
  const otherModel =
    q.indexedBefore === undefined
      ? e.or([e(model, '<', q.embedderId), e(model, '>', q.embedderId)])
      : e.or([
          e.and([
            e(model, '<', q.embedderId),
            // A file without vectors is due whenever it was written.
            e.or([e(model, '=', NOT_EMBEDDED), e('file_texts.created_at', '<=', q.indexedBefore)]),
          ]),
          e.and([e(model, '>', q.embedderId), e('file_texts.created_at', '<=', q.indexedBefore)]),
        ]);
  return e.and([
    otherModel,
    e.or([e('file_texts.reembed_after', 'is', null), e('file_texts.reembed_after', '<=', q.now)]),
    e.or([
      e('file_texts.reembed_claimed_at', 'is', null),
      e('file_texts.reembed_claimed_at', '<', q.staleBefore),
    ]),
  ]);
}

/** Documents due for re-embedding under `embedderId` (see `due`), at most `limit`. */
export function filesToReembed(
  db: Db,
  embedderId: string,
  limit = 100,
  q: Partial<Omit<DueQuery, 'embedderId'>> = {},
): Promise<QueuedFile[]> {
  return dueFilesQuery(db, embedderId, limit, q).execute();
}

/**
 * The query of filesToReembed, over every user's files: it reads the model index's two ranges
 * around the current model, so with nothing due it reads nothing (test/files-reembed-plan.test.ts).
 * A file's text row exists only while the file is ready (a failed file has none).
 */
export function dueFilesQuery(
  db: Db,
  embedderId: string,
  limit: number,
  q: Partial<Omit<DueQuery, 'embedderId'>> = {},
) {
  const now = q.now ?? Date.now();
  return db
    .selectFrom('file_texts')
    .select(['file_texts.user_id', 'file_texts.file_id'])
    .where((e) =>
      due(e, { embedderId, now, staleBefore: q.staleBefore ?? now, indexedBefore: q.indexedBefore }),
    )
    .limit(limit);
}

/**
 * Claim a file for this job when it is still due. Answers its failed attempts so far, or null when
 * another instance took it first (or it changed meanwhile).
 */
export async function claimFile(
  db: Db,
  f: QueuedFile,
  claim: string,
  q: DueQuery,
): Promise<{ attempts: number } | null> {
  const row = await db
    .updateTable('file_texts')
    .set({ reembed_claim: claim, reembed_claimed_at: q.now })
    .where('file_texts.user_id', '=', f.user_id)
    .where('file_texts.file_id', '=', f.file_id)
    .where((e) => due(e, q))
    .returning('reembed_attempts')
    .executeTakeFirst();
  return row ? { attempts: row.reembed_attempts } : null;
}

/** Confirm a claim is still ours and live; false when it was lost (indexed again, deleted, taken over). */
export async function confirmClaim(db: Db, f: QueuedFile, claim: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('file_texts')
    .set({ reembed_claimed_at: now })
    .where('user_id', '=', f.user_id)
    .where('file_id', '=', f.file_id)
    .where('reembed_claim', '=', claim)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Let go of a claim (the job is stopping): the file is due again at once, for any instance. */
export async function releaseClaim(db: Db, f: QueuedFile, claim: string): Promise<void> {
  await db
    .updateTable('file_texts')
    .set({ reembed_claim: null, reembed_claimed_at: null })
    .where('user_id', '=', f.user_id)
    .where('file_id', '=', f.file_id)
    .where('reembed_claim', '=', claim)
    .execute();
}

/**
 * Let go of a claim after a failed attempt: the file is due again at `retryAt`. Its status is not
 * touched: it stays `ready` and searchable by full text.
 */
export async function deferFile(
  db: Db,
  f: QueuedFile,
  claim: string,
  attempts: number,
  retryAt: number,
): Promise<void> {
  await db
    .updateTable('file_texts')
    .set({
      reembed_claim: null,
      reembed_claimed_at: null,
      reembed_attempts: attempts,
      reembed_after: retryAt,
    })
    .where('user_id', '=', f.user_id)
    .where('file_id', '=', f.file_id)
    .where('reembed_claim', '=', claim)
    .execute();
}
