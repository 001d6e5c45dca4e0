import type { Kysely } from 'kysely';

/**
 * Bookmarks (conversation tags): one row of metadata per user and tag. Which conversations carry
 * a tag stays in `conversations.tags` (JSON), the one source for membership; counts are derived
 * from it (docs/decisions.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversation_tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('conversation_tags_user_tag', ['user_id', 'tag'])
    .execute();
  await db.schema
    .createIndex('conversation_tags_user_position')
    .on('conversation_tags')
    .columns(['user_id', 'position'])
    .execute();
}
