import { randomUUID } from 'node:crypto';
import type { Db } from '../index.ts';
import type { McpServersTable } from '../schema.ts';

/** Users' own MCP servers; every query is scoped to the owner. `config` arrives and leaves sealed. */
export function mcpServersRepo(db: Db) {
  return {
    list(userId: string): Promise<McpServersTable[]> {
      return db.selectFrom('mcp_servers').selectAll().where('user_id', '=', userId).orderBy('name').execute();
    },

    get(userId: string, name: string): Promise<McpServersTable | undefined> {
      return db
        .selectFrom('mcp_servers')
        .selectAll()
        .where('user_id', '=', userId)
        .where('name', '=', name)
        .executeTakeFirst();
    },

    async create(userId: string, name: string, sealedConfig: string): Promise<McpServersTable> {
      const now = Date.now();
      const row = {
        id: randomUUID(),
        user_id: userId,
        name,
        config: sealedConfig,
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('mcp_servers').values(row).execute();
      return row;
    },

    async update(userId: string, name: string, sealedConfig: string): Promise<boolean> {
      const r = await db
        .updateTable('mcp_servers')
        .set({ config: sealedConfig, updated_at: Date.now() })
        .where('user_id', '=', userId)
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** The user's sealed OAuth state for a server, if any. */
    async oauthGet(userId: string, server: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('mcp_oauth')
        .select('data')
        .where('user_id', '=', userId)
        .where('server_name', '=', server)
        .executeTakeFirst();
      return row?.data;
    },

    async oauthPut(userId: string, server: string, sealed: string): Promise<void> {
      const now = Date.now();
      await db
        .insertInto('mcp_oauth')
        .values({ user_id: userId, server_name: server, data: sealed, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['user_id', 'server_name']).doUpdateSet({ data: sealed, updated_at: now }),
        )
        .execute();
    },

    /** Forget the user's OAuth state for a server (tokens, registered client, a sign-in in progress). */
    async oauthDelete(userId: string, server: string): Promise<boolean> {
      const r = await db
        .deleteFrom('mcp_oauth')
        .where('user_id', '=', userId)
        .where('server_name', '=', server)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    async remove(userId: string, name: string): Promise<boolean> {
      const r = await db
        .deleteFrom('mcp_servers')
        .where('user_id', '=', userId)
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
export type McpServersRepo = ReturnType<typeof mcpServersRepo>;
