import type { Db } from '../db/index.ts';

/**
 * Tables holding rows a user owns, children before parents. The foreign keys cascade from users
 * as well; deleting explicitly keeps the order (and the search triggers) predictable on both
 * dialects, and the users row last catches any table added later with an ON DELETE CASCADE key.
 */
const OWNED = [
  'shared_links',
  'messages',
  'conversations',
  'conversation_tags',
  'presets',
  'user_keys',
  'transactions',
  'balances',
  'sessions',
  'two_factor',
  'backup_codes',
  'user_identities',
] as const;

/** Delete the user and everything they own in one transaction; false when there was no such user. */
export async function deleteAccountRows(db: Db, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    for (const table of OWNED) {
      await trx.deleteFrom(table).where('user_id', '=', userId).execute();
    }
    const result = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}
