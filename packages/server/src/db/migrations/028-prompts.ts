import type { Kysely } from 'kysely';
import { createPromptSearchIndex } from '../dialects/prompt-search-ddl.ts';

/**
 * The prompt library (issue 18): groups, their versions, the chosen users a group is shared with,
 * and the full-text index over name, oneliner and production text (prompt-search-ddl.ts). A group
 * shared with everyone has `is_public`; lists read three index-ordered branches (own, public,
 * shared with me), each bounded by the page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('prompt_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('oneliner', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('command', 'text', (c) => c.notNull().defaultTo(''))
    // The version in production; null only inside the transaction that makes the group.
    .addColumn('production_id', 'text')
    .addColumn('number_of_generations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on('prompt_groups').columns(columns).execute();
  // Each holds what its list branch filters on and returns (index-only reads of a page's keys).
  await index('prompt_groups_by_author', ['author_id', 'updated_at', 'id']);
  await index('prompt_groups_by_author_category', ['author_id', 'category', 'updated_at', 'id']);
  await index('prompt_groups_public', ['is_public', 'updated_at', 'id', 'author_id']);
  await index('prompt_groups_public_category', ['is_public', 'category', 'updated_at', 'id', 'author_id']);

  await db.schema
    .createTable('prompts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('prompt_groups.id').onDelete('cascade'))
    // Who wrote the version (an admin may edit another's group); not a reference, so deleting that
    // user leaves the group's history whole.
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('text'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('prompts_by_group')
    .on('prompts')
    .columns(['group_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('prompt_group_shares')
    .addColumn('group_id', 'text', (c) => c.notNull().references('prompt_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The group's updated_at, category and sharing, kept equal by every write to the group: the
    // "shared with me" branch of a list reads a user's shares alone, in the list's order.
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('prompt_group_shares_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('prompt_group_shares_by_user')
    .on('prompt_group_shares')
    .columns(['user_id', 'updated_at', 'group_id', 'is_public', 'category'])
    .execute();

  await createPromptSearchIndex(db);
}
