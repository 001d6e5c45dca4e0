import type { Db } from '../index.ts';
import type { UserKeysTable } from '../schema.ts';

/** Stored provider keys; values arrive and leave sealed (the caller encrypts/decrypts). */
export function keysRepo(db: Db) {
  return {
    async get(userId: string, name: string): Promise<UserKeysTable | undefined> {
      return db
        .selectFrom('user_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .where('name', '=', name)
        .executeTakeFirst();
    },

    async put(userId: string, name: string, sealed: string, expiresAt: number | null): Promise<void> {
      const now = Date.now();
      await db
        .insertInto('user_keys')
        .values({
          user_id: userId,
          name,
          value: sealed,
          expires_at: expiresAt,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'name'])
            .doUpdateSet({ value: sealed, expires_at: expiresAt, updated_at: now }),
        )
        .execute();
    },

    /** True when there was such a row (single-row removes answer a boolean; removeAll a count). */
    async remove(userId: string, name: string): Promise<boolean> {
      const r = await db
        .deleteFrom('user_keys')
        .where('user_id', '=', userId)
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    async removeAll(userId: string): Promise<number> {
      const r = await db.deleteFrom('user_keys').where('user_id', '=', userId).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
export type KeysRepo = ReturnType<typeof keysRepo>;
