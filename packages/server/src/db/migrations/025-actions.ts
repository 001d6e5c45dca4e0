import type { Kysely } from 'kysely';

/**
 * OpenAPI actions (issue 16). An action belongs to one agent (gone with it); `metadata` is JSON
 * whose secrets (api_key, oauth_client_id, oauth_client_secret) are sealed with the secret box;
 * `functions` is the list derived from the spec when it was saved. Each user's OAuth tokens for an
 * action are sealed in action_oauth_tokens, one row per user and action.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('agent_id', 'text', (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('functions', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('actions_by_agent')
    .on('actions')
    .columns(['agent_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('actions_by_user')
    .on('actions')
    .columns(['user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('action_oauth_tokens')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action_id', 'text', (c) => c.notNull().references('actions.id').onDelete('cascade'))
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('refresh_token', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('action_oauth_tokens_pk', ['user_id', 'action_id'])
    .execute();
  await db.schema
    .createIndex('action_oauth_tokens_by_action')
    .on('action_oauth_tokens')
    .column('action_id')
    .execute();
}
