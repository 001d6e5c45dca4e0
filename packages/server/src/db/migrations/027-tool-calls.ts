import type { Kysely } from 'kysely';

/**
 * Tool-call records (doc 2 §3.10, issue 17): the outcome of running one code block of one reply
 * (the run button), kept so it survives a reload. One row per (user, message, part, block): a new
 * run of the same block replaces it. The row goes with its message (and so with its conversation
 * and its user): the foreign key on (user_id, message_id) cascades, and the primary key's prefix
 * is the index that cascade reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tool_calls')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('part_index', 'integer', (c) => c.notNull())
    .addColumn('block_index', 'integer', (c) => c.notNull())
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('tool_id', 'text', (c) => c.notNull())
    // LibreChat's text form of the outcome.
    .addColumn('result', 'text', (c) => c.notNull())
    // JSON: ToolCallAttachment[] (the files the run produced, in the files store).
    .addColumn('attachments', 'text', (c) => c.notNull())
    // JSON: CodeRunOutcome (status, exit code, stdout, stderr…), null for other tools.
    .addColumn('run', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tool_calls_pk', ['user_id', 'message_id', 'part_index', 'block_index'])
    .addForeignKeyConstraint(
      'tool_calls_message',
      ['user_id', 'message_id'],
      'messages',
      ['user_id', 'message_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  // GET /api/agents/tools/calls?conversationId=: one conversation's records of the user.
  await db.schema
    .createIndex('tool_calls_by_conversation')
    .on('tool_calls')
    .columns(['user_id', 'conversation_id'])
    .execute();
}
