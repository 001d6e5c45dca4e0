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

    /** Rotate only if the presented hash is still current: a lost race counts as reuse. */
    async rotate(id: string, fromHash: string, toHash: string, expiresAt: number): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ token_hash: toHash, rotated_at: Date.now(), expires_at: expiresAt })
        .where('id', '=', id)
        .where('token_hash', '=', fromHash)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },

    async removeAllForUser(userId: string): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },
  };
}
export type SessionsRepo = ReturnType<typeof sessionsRepo>;
