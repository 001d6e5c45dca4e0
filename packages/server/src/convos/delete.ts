import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { conversationsPerDeleteTransaction } from '../db/dialects/bulk-delete.ts';
import { dialectOf } from '../db/dialects/json-tags.ts';
import type { Db } from '../db/index.ts';
import { type ConversationWalkKey, conversationsRepo } from '../db/repos/conversations.ts';
import { messagesRepo } from '../db/repos/messages.ts';

export interface DeleteResult {
  conversationIds: string[];
  messagesDeleted: number;
}

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
 * Clear all chats: every conversation (archived too) and every message of the user, a few whole
 * conversations per transaction (db/dialects/bulk-delete.ts) with a turn of the event loop between.
 * One statement over a heavy user's million messages held a SQLite server, every other user's
 * requests and streams, for 40 s. An interrupted clear leaves whole chats; clearing again finishes.
 */
export async function deleteAllConversations(db: Db, userId: string): Promise<DeleteResult> {
  const perTransaction = conversationsPerDeleteTransaction(dialectOf(db));
  const result: DeleteResult = { conversationIds: [], messagesDeleted: 0 };
  let after: ConversationWalkKey | null = null;
  for (;;) {
    const batch = await conversationsRepo(db).nextBatch(userId, after, perTransaction);
    if (batch.length === 0) {
      // The walk is over; once more from the start, for a row archived or restored meanwhile.
      if (after === null) break;
      after = null;
      continue;
    }
    const step = await deleteConversations(
      db,
      userId,
      batch.map((c) => c.conversation_id),
    );
    result.conversationIds.push(...step.conversationIds);
    result.messagesDeleted += step.messagesDeleted;
    after = batch[batch.length - 1];
    await yieldToLoop();
  }
  // Messages whose conversation row is gone (a reply racing the clear) go too.
  result.messagesDeleted += await messagesRepo(db).deleteAll(userId);
  return result;
}
