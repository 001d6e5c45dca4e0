import type { Db } from '../db/index.ts';

/** How often expired temporary chats are removed (also once at start). */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
/** Conversations removed per transaction, so one run never holds the database for long. */
export const RETENTION_BATCH = 200;

const HOUR_MS = 60 * 60 * 1000;

/** When a temporary chat created at `now` expires. */
export function temporaryExpiry(now: number, retentionHours: number): number {
  return now + retentionHours * HOUR_MS;
}

/**
 * Remove every temporary chat whose expiredAt has passed: its messages and the conversation, one
 * batch per transaction (the search index follows in the same transaction). Returns how many
 * conversations went.
 */
export async function purgeExpiredChats(db: Db, now: number = Date.now()): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('conversations')
        .select(['user_id', 'conversation_id'])
        .where('expired_at', 'is not', null)
        .where('expired_at', '<=', now)
        .limit(RETENTION_BATCH)
        .execute();
      for (const row of rows) {
        await trx
          .deleteFrom('messages')
          .where('user_id', '=', row.user_id)
          .where('conversation_id', '=', row.conversation_id)
          .execute();
        await trx
          .deleteFrom('conversations')
          .where('user_id', '=', row.user_id)
          .where('conversation_id', '=', row.conversation_id)
          .execute();
      }
      return rows.length;
    });
    removed += batch;
    if (batch < RETENTION_BATCH) return removed;
  }
}

/** Run the purge now and every RETENTION_INTERVAL_MS; `stop` ends it (app close). */
export function startRetentionJob(
  db: Db,
  log: { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void },
  intervalMs: number = RETENTION_INTERVAL_MS,
): { stop(): void; running(): Promise<void> } {
  let current: Promise<void> = Promise.resolve();
  const run = () => {
    current = purgeExpiredChats(db)
      .then((count) => {
        if (count > 0) log.info({ count }, 'removed expired temporary chats');
      })
      .catch((err) => log.error({ err }, 'temporary chat cleanup failed'));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    running: () => current,
  };
}
