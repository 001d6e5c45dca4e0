import type { Kysely } from 'kysely';

/**
 * Two-factor sign-in (doc 3 §3–§5). The flag lives on the user (login reads it with the user); the
 * secrets live apart, so a `selectAll` on users can never carry them: the TOTP secret sealed with
 * CREDS_KEY, the step of the last accepted code (no replay inside its window), and one row per
 * backup code stored only as a keyed hash. Pending rows belong to a setup not yet confirmed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('two_factor_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text')
    .addColumn('pending_secret', 'text')
    .addColumn('last_used_step', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('backup_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('backup_codes_by_user')
    .on('backup_codes')
    .columns(['user_id', 'code_hash'])
    .execute();
}
