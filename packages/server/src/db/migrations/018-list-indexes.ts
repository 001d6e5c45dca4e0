import { type Kysely, sql } from 'kysely';

/**
 * Lists that stay bounded by their page for a heavy user (10k conversations): each sort the
 * conversation list offers reads an index in order, and bookmark reads touch only bookmarked rows.
 * The plans are asserted by test/query-plans.test.ts; the timings are in bench/queries.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The archived manager's sorts (any list may ask for them). Without these, a page sorted all the
  // user's (un)archived conversations first. `conversations_list` serves updatedAt.
  await db.schema
    .createIndex('conversations_by_created')
    .on('conversations')
    .columns(['user_id', 'is_archived', 'created_at', 'conversation_id'])
    .execute();
  // Titles sort case-insensitively: the index holds the same lower(title) the query orders by.
  await db.schema
    .createIndex('conversations_by_title')
    .on('conversations')
    .columns(['user_id', 'is_archived'])
    .expression(sql`lower(title)`)
    .column('conversation_id')
    .execute();
  // Bookmarked conversations only ('[]' is how an untagged row is stored, db/rows.ts): tag counts
  // and the sidebar's bookmark filter read a user's few tagged rows, not all their conversations.
  await db.schema
    .createIndex('conversations_tagged')
    .on('conversations')
    .columns(['user_id', 'is_archived', 'updated_at', 'conversation_id'])
    .where(sql.ref('tags'), '<>', '[]')
    .execute();
}
