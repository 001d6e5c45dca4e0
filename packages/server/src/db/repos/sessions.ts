import type { Db } from '../index.ts';
import type { SessionsTable } from '../schema.ts';

/** Refresh sessions. Only the hash of the current refresh token is stored (DESIGN §9). */
export function sessionsRepo(db: Db) {
  return {
    async create(row: SessionsTable): Promise<void> {
      await db.insertInto('sessions').values(row).execute();
    },

    async find(id: string): Promise<SessionsTable | undefined> {
      return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Rotate if the presented hash is current, or was current until less than `graceMs` ago (a
     * concurrent refresh from another tab). Anything else is reuse: returns false.
     */
    async rotate(
      id: string,
      fromHash: string,
      toHash: string,
      expiresAt: number,
      graceMs: number,
    ): Promise<boolean> {
      const now = Date.now();
      const result = await db
        .updateTable('sessions')
        .set((eb) => ({
          prev_token_hash: eb.ref('token_hash'),
          token_hash: toHash,
          rotated_at: now,
          expires_at: expiresAt,
        }))
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('token_hash', '=', fromHash),
            eb.and([eb('prev_token_hash', '=', fromHash), eb('rotated_at', '>', now - graceMs)]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },

    /** Sign a user out everywhere (password reset): every refresh token of theirs stops working. */
    async removeAllForUser(userId: string): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },

    /** Sessions past their expiry are dead weight: dropped whenever someone signs in. */
    async removeExpired(): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', Date.now()).execute();
    },
  };
}
export type SessionsRepo = ReturnType<typeof sessionsRepo>;
