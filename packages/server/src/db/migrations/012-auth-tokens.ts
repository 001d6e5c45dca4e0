import type { Kysely } from 'kysely';

/**
 * One-time tokens for email verification, password reset and invitations (DESIGN §6 `tokens`).
 * Only a SHA-256 of the token is kept; each row expires and is deleted when used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_tokens_user').on('auth_tokens').columns(['user_id', 'type']).execute();
}
