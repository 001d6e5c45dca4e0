import type { Db } from '../db/index.ts';
import { conversationsRepo } from '../db/repos/conversations.ts';
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

/** Clear all chats: every conversation (archived too) and every message of the user. */
export async function deleteAllConversations(db: Db, userId: string): Promise<DeleteResult> {
  return db.transaction().execute(async (trx) => {
    const conversationIds = await conversationsRepo(trx).deleteAll(userId);
    const messagesDeleted = await messagesRepo(trx).deleteAll(userId);
    return { conversationIds, messagesDeleted };
  });
}
