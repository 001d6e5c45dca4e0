import type { Kysely } from 'kysely';

/**
 * MCP servers users add in the UI (issue 16): remote only, visible to their owner only. `config` is
 * the server's settings as sealed JSON (its headers may hold keys). customUserVars values are not
 * here: they are tool keys in `user_keys` (`tool:mcp_<server>`), like every other tool's.
 * `mcp_oauth` holds each user's OAuth state per remote server (registered client, tokens, the PKCE
 * verifier and state of a sign-in in progress), sealed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mcp_servers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('mcp_servers_user_name', ['user_id', 'name'])
    .execute();

  await db.schema
    .createTable('mcp_oauth')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('server_name', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('mcp_oauth_pk', ['user_id', 'server_name'])
    .execute();
}
