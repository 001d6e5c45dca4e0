import { deleteAllConversations } from '../convos/delete.ts';
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
  'files',
  'user_keys',
  'transactions',
  'balances',
  'sessions',
  'two_factor',
  'backup_codes',
  'user_identities',
] as const;

/**
 * Delete the user and everything they own; false when there was no such user. The chats, which
 * grow without bound, go first in bounded transactions (convos/delete.ts: a million messages in
 * one would stop a SQLite server for ~50 s); the rest and the user row then go in one. An
 * interruption before that leaves the account, with fewer chats; deleting again finishes it.
 */
export async function deleteAccountRows(db: Db, userId: string): Promise<boolean> {
  await deleteAllConversations(db, userId);
  return db.transaction().execute(async (trx) => {
    for (const table of OWNED) {
      await trx.deleteFrom(table).where('user_id', '=', userId).execute();
    }
    const result = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}
