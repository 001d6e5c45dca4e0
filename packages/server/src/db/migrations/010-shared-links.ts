import type { Kysely } from 'kysely';

/**
 * Shared links (doc 2 §2.6, §3.7): an unguessable share id and a frozen, anonymized snapshot of the
 * conversation's messages as of creation or the last refresh, so later messages never leak.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shared_links')
    .addColumn('share_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Deleting the conversation deletes its link (LibreChat does the same).
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.conversation_id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('messages', 'text', (c) => c.notNull())
    .addColumn('message_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // One link per conversation; also the lookup for "my link for this conversation".
  await db.schema
    .createIndex('shared_links_conversation')
    .on('shared_links')
    .columns(['user_id', 'conversation_id'])
    .unique()
    .execute();
  // Deleting a conversation cascades here by conversation_id alone.
  await db.schema
    .createIndex('shared_links_by_conversation')
    .on('shared_links')
    .column('conversation_id')
    .execute();
  // Keyset paging of the manager, by date and by title.
  await db.schema
    .createIndex('shared_links_by_date')
    .on('shared_links')
    .columns(['user_id', 'created_at', 'share_id'])
    .execute();
  await db.schema
    .createIndex('shared_links_by_title')
    .on('shared_links')
    .columns(['user_id', 'title', 'share_id'])
    .execute();
}
