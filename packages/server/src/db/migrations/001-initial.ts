import type { Kysely } from 'kysely';

/** Portable across SQLite and PostgreSQL: text ids, bigint ms times, integer flags, JSON text. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('avatar', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('rotated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('roles')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('conversations')
    .addColumn('conversation_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text')
    .addColumn('endpoint_type', 'text')
    .addColumn('model', 'text')
    .addColumn('parameters', 'text')
    .addColumn('is_archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('expired_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Keyset paging of the sidebar: (user, archived) then newest first, id as tie-breaker.
  await db.schema
    .createIndex('conversations_list')
    .on('conversations')
    .columns(['user_id', 'is_archived', 'updated_at', 'conversation_id'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('parent_message_id', 'text', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('is_created_by_user', 'integer', (c) => c.notNull())
    .addColumn('error', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unfinished', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('endpoint', 'text')
    .addColumn('model', 'text')
    .addColumn('finish_reason', 'text')
    .addColumn('token_count', 'integer')
    .addColumn('client_timestamp', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // Message ids are chosen by clients, so they are unique per user, not globally.
    .addPrimaryKeyConstraint('messages_pk', ['user_id', 'message_id'])
    .execute();
  await db.schema
    .createIndex('messages_conversation')
    .on('messages')
    .columns(['user_id', 'conversation_id', 'created_at'])
    .execute();
}
