import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Db } from '../db/index.ts';
import { type ConversationWalkKey, conversationsRepo } from '../db/repos/conversations.ts';
import { messagesRepo } from '../db/repos/messages.ts';

export interface DeleteResult {
  conversationIds: string[];
  messagesDeleted: number;
}

/**
 * Messages deleted per transaction when all of a user's chats go. On SQLite a delete runs
 * synchronously on the one connection, with a search-index trigger per row (~50 µs a message):
 * a heavy user's million messages in one statement stopped every other request for ~50 s.
 * A thousand is ~50 ms, then others get their turn (bench/queries.ts --delete).
 */
export const CLEAR_BATCH_MESSAGES = 1000;
/** Conversations per batch: their messages go over one or more transactions, then the rows. */
export const CLEAR_BATCH_CONVERSATIONS = 100;

/** Delete conversations of the user and their messages in one transaction. */
export async function deleteConversations(
  db: Db,
  userId: string,
  conversationIds: readonly string[],
): Promise<DeleteResult> {
  return db.transaction().execute(async (trx) => {
    const deleted = await conversationsRepo(trx).deleteMany(userId, conversationIds);
    // Only the messages of conversations that were the user's (and existed).
    const messagesDeleted = await messagesRepo(trx).deleteByConversations(userId, deleted);
    return { conversationIds: deleted, messagesDeleted };
  });
}

/**
 * Clear all chats: every conversation (archived too) and every message of the user, in bounded
 * transactions with a turn of the event loop between them. A conversation row goes with the
 * transaction that deletes its last messages, so an interrupted clear leaves whole chats (at most
 * the current batch's partly emptied); clearing again finishes it.
 */
export async function deleteAllConversations(db: Db, userId: string): Promise<DeleteResult> {
  const conversationIds: string[] = [];
  let messagesDeleted = 0;
  let after: ConversationWalkKey | null = null;
  for (;;) {
    const from = after;
    const step = await db.transaction().execute(async (trx) => {
      const batch = await conversationsRepo(trx).nextBatch(userId, from, CLEAR_BATCH_CONVERSATIONS);
      const ids = batch.map((c) => c.conversation_id);
      const messages = await messagesRepo(trx).deleteSomeOf(userId, ids, CLEAR_BATCH_MESSAGES);
      // Fewer than asked for: these conversations have no messages left.
      const emptied =
        messages < CLEAR_BATCH_MESSAGES ? await conversationsRepo(trx).deleteMany(userId, ids) : null;
      return { batch, messages, emptied };
    });
    messagesDeleted += step.messages;
    if (step.emptied) {
      conversationIds.push(...step.emptied);
      after = step.batch.at(-1) ?? after;
    }
    if (step.batch.length === 0) {
      // The walk is over: once more from the start, for a row archived or restored meanwhile.
      if (from === null) break;
      after = null;
    }
    await yieldToLoop();
  }
  // Messages whose conversation row is gone (a reply racing the clear) go too.
  messagesDeleted += await messagesRepo(db).deleteAll(userId);
  return { conversationIds, messagesDeleted };
}
