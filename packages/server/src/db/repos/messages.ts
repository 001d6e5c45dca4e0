import type { Db } from '../index.ts';
import type { MessageRow } from '../schema.ts';

/**
 * The messages of some of the user's conversations, to delete (through messages_conversation). Its
 * own function so the query-plan test reads the plan of exactly this query.
 */
export function deleteMessagesOfQuery(db: Db, userId: string, conversationIds: readonly string[]) {
  return db
    .deleteFrom('messages')
    .where('user_id', '=', userId)
    .where('conversation_id', 'in', conversationIds);
}

export function messagesRepo(db: Db) {
  return {
    /** The whole tree of one conversation, oldest first. */
    async listByConversation(userId: string, conversationId: string): Promise<MessageRow[]> {
      return db
        .selectFrom('messages')
        .selectAll()
        .where('user_id', '=', userId)
        .where('conversation_id', '=', conversationId)
        .orderBy('created_at', 'asc')
        .execute();
    },

    async get(userId: string, messageId: string): Promise<MessageRow | undefined> {
      return db
        .selectFrom('messages')
        .selectAll()
        .where('user_id', '=', userId)
        .where('message_id', '=', messageId)
        .executeTakeFirst();
    },

    /**
     * The branch from the root down to `messageId`, oldest first, walked in the database with a
     * recursive query so long conversations are not loaded whole.
     */
    async branch(userId: string, conversationId: string, messageId: string): Promise<MessageRow[]> {
      const rows = await db
        .withRecursive('chain', (qb) =>
          qb
            .selectFrom('messages')
            .selectAll()
            .where('user_id', '=', userId)
            .where('conversation_id', '=', conversationId)
            .where('message_id', '=', messageId)
            // UNION (not ALL) ends the walk even if bad data ever formed a cycle.
            .union((q) =>
              q
                .selectFrom('messages as m')
                .innerJoin('chain', (join) =>
                  join
                    .onRef('m.message_id', '=', 'chain.parent_message_id')
                    .onRef('m.user_id', '=', 'chain.user_id'),
                )
                .selectAll('m')
                .where('m.conversation_id', '=', conversationId),
            ),
        )
        .selectFrom('chain')
        .selectAll()
        .execute();
      // Row order out of a recursive query is unspecified: walk the parent links to order it.
      const byId = new Map((rows as MessageRow[]).map((r) => [r.message_id, r]));
      const out: MessageRow[] = [];
      for (let m = byId.get(messageId); m && out.length <= byId.size; m = byId.get(m.parent_message_id)) {
        out.push(m);
      }
      return out.reverse();
    },

    /** Replace a message's text and content parts (an edit); the search index follows by trigger. */
    async updateText(
      userId: string,
      conversationId: string,
      messageId: string,
      changes: { text: string; content: string | null; token_count: number | null; updated_at: number },
    ): Promise<MessageRow | undefined> {
      await db
        .updateTable('messages')
        .set(changes)
        .where('user_id', '=', userId)
        .where('conversation_id', '=', conversationId)
        .where('message_id', '=', messageId)
        .execute();
      return db
        .selectFrom('messages')
        .selectAll()
        .where('user_id', '=', userId)
        .where('conversation_id', '=', conversationId)
        .where('message_id', '=', messageId)
        .executeTakeFirst();
    },

    /** Overwrite a saved message (a continued reply); keys and ownership never change. */
    async replace(userId: string, row: MessageRow): Promise<void> {
      const { user_id: _u, message_id: _m, conversation_id: _c, ...changes } = row;
      await db
        .updateTable('messages')
        .set(changes)
        .where('user_id', '=', userId)
        .where('message_id', '=', row.message_id)
        .execute();
    },

    async setTokenCount(userId: string, messageId: string, tokens: number): Promise<void> {
      await db
        .updateTable('messages')
        .set({ token_count: tokens })
        .where('user_id', '=', userId)
        .where('message_id', '=', messageId)
        .execute();
    },

    async insert(row: MessageRow): Promise<void> {
      await db.insertInto('messages').values(row).execute();
    },

    /** Insert many rows in chunks (bound-parameter limits); call inside a transaction. */
    async insertMany(rows: readonly MessageRow[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 200) {
        await db
          .insertInto('messages')
          .values(rows.slice(i, i + 200))
          .execute();
      }
    },

    /** Delete the messages of some of the user's conversations; returns how many went. */
    async deleteByConversations(userId: string, conversationIds: readonly string[]): Promise<number> {
      if (conversationIds.length === 0) return 0;
      const res = await deleteMessagesOfQuery(db, userId, conversationIds).executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    /** Delete every message of the user. */
    async deleteAll(userId: string): Promise<number> {
      const res = await db.deleteFrom('messages').where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
export type MessagesRepo = ReturnType<typeof messagesRepo>;
