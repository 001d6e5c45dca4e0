import type { Kysely } from 'kysely';

/** Admin area (issue 6 slice D): user bans, banners, and an index for period usage reports. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // null = not banned; a UTC ms time = banned until then (a far-future time for "until unbanned").
  await db.schema.alterTable('users').addColumn('banned_until', 'bigint').execute();
  await db.schema
    .createTable('banners')
    .addColumn('banner_id', 'text', (c) => c.primaryKey())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('display_from', 'bigint', (c) => c.notNull())
    .addColumn('display_to', 'bigint')
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('banners_display').on('banners').columns(['display_from']).execute();
  // Usage per period across all users reads the ledger by time, not per user.
  await db.schema.createIndex('transactions_time').on('transactions').columns(['created_at']).execute();
}
