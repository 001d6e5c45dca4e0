import type { Db } from '../index.ts';
import type { ToolCallsTable } from '../schema.ts';

/** Tool-call records (migration 027); every query is scoped to the user. */
export function toolCallsRepo(db: Db) {
  return {
    /**
     * Store a block's record, replacing the one of an earlier run; answers the replaced row (its
     * attachments' files are the caller's to remove) or undefined.
     */
    async put(row: ToolCallsTable): Promise<ToolCallsTable | undefined> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('tool_calls')
          .selectAll()
          .where('user_id', '=', row.user_id)
          .where('message_id', '=', row.message_id)
          .where('part_index', '=', row.part_index)
          .where('block_index', '=', row.block_index)
          .executeTakeFirst();
        const { user_id: _u, message_id: _m, part_index: _p, block_index: _b, ...changes } = row;
        await trx
          .insertInto('tool_calls')
          .values(row)
          .onConflict((oc) =>
            oc.columns(['user_id', 'message_id', 'part_index', 'block_index']).doUpdateSet(changes),
          )
          .execute();
        return before;
      });
    },

    /** The user's records of one conversation, in the order of their replies' blocks. */
    listByConversation(userId: string, conversationId: string): Promise<ToolCallsTable[]> {
      return db
        .selectFrom('tool_calls')
        .selectAll()
        .where('user_id', '=', userId)
        .where('conversation_id', '=', conversationId)
        .orderBy('created_at', 'asc')
        .orderBy('message_id')
        .orderBy('part_index')
        .orderBy('block_index')
        .execute();
    },
  };
}
export type ToolCallsRepo = ReturnType<typeof toolCallsRepo>;
