import type { Kysely } from 'kysely';

/** Provider keys users enter themselves, sealed with AES-256-GCM (value), one per endpoint. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_keys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_keys_pk', ['user_id', 'name'])
    .execute();
}
