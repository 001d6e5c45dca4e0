import type { Db } from '../index.ts';
import type { ActionOAuthTokensTable, ActionsTable } from '../schema.ts';

/** An agent's actions, oldest first (actions_by_agent). */
export const actionsOfAgentQuery = (db: Db, agentId: string) =>
  db.selectFrom('actions').selectAll().where('agent_id', '=', agentId).orderBy('created_at').orderBy('id');

/** A user's actions, oldest first, bounded (actions_by_user). */
export const actionsOfUserQuery = (db: Db, userId: string, limit: number) =>
  db
    .selectFrom('actions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit);

/**
 * Actions (issue 16) and each user's OAuth tokens for them. Who may read or change an action is
 * its agent's policy (actions/save-action.ts); token rows are always read by user and action.
 */
export function actionsRepo(db: Db) {
  return {
    async get(id: string): Promise<ActionsTable | undefined> {
      return db.selectFrom('actions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** An agent's actions, oldest first. */
    async byAgent(agentId: string): Promise<ActionsTable[]> {
      return actionsOfAgentQuery(db, agentId).execute();
    },

    /** The actions a user owns (those of their agents; LibreChat's GET /api/agents/actions). */
    async byUser(userId: string, limit: number): Promise<ActionsTable[]> {
      return actionsOfUserQuery(db, userId, limit).execute();
    },

    /** Insert or replace inside the caller's transaction (the agent's tools change with it). */
    async put(trx: Db, row: ActionsTable, existed: boolean): Promise<void> {
      if (existed) {
        const { id, created_at: _c, user_id: _u, ...set } = row;
        await trx.updateTable('actions').set(set).where('id', '=', id).execute();
      } else await trx.insertInto('actions').values(row).execute();
    },

    async remove(trx: Db, id: string): Promise<void> {
      await trx.deleteFrom('actions').where('id', '=', id).execute();
    },

    async token(userId: string, actionId: string): Promise<ActionOAuthTokensTable | undefined> {
      return db
        .selectFrom('action_oauth_tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .where('action_id', '=', actionId)
        .executeTakeFirst();
    },

    /** Store (or replace) a user's sealed tokens for an action. */
    async putToken(row: ActionOAuthTokensTable): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('action_oauth_tokens')
          .where('user_id', '=', row.user_id)
          .where('action_id', '=', row.action_id)
          .execute();
        await trx.insertInto('action_oauth_tokens').values(row).execute();
      });
    },

    async removeToken(userId: string, actionId: string): Promise<void> {
      await db
        .deleteFrom('action_oauth_tokens')
        .where('user_id', '=', userId)
        .where('action_id', '=', actionId)
        .execute();
    },
  };
}
export type ActionsRepo = ReturnType<typeof actionsRepo>;
