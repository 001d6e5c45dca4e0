import type { Kysely } from 'kysely';

/** Saved presets: a title plus endpoint settings as JSON. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('presets')
    .addColumn('preset_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('presets_user').on('presets').columns(['user_id', 'updated_at']).execute();
}
