import { AgentCreateBody } from '@parley/schema';
import type { Db } from '../index.ts';
import type { AgentRunsTable, AgentsTable } from '../schema.ts';

/** An agent's builder fields, as stored in `settings` (name, description, provider, model are columns). */
export type AgentSettings = AgentCreateBody;

/** The stored row's builder fields with their defaults filled (older rows lack newer fields). */
export function agentSettings(row: AgentsTable): AgentSettings {
  return AgentCreateBody.parse({
    ...JSON.parse(row.settings),
    name: row.name,
    description: row.description,
    provider: row.provider,
    model: row.model,
  });
}

/**
 * Agents. Reads are scoped to what the user may see: their own agents and those shared with
 * everyone; who may edit, share or delete is the policy's call (auth/policies/agents.ts).
 */
export function agentsRepo(db: Db) {
  return {
    /** The agent when `userId` may see it (author, or shared with all users). */
    async getVisible(userId: string, id: string): Promise<AgentsTable | undefined> {
      return db
        .selectFrom('agents')
        .selectAll()
        .where('id', '=', id)
        .where((eb) => eb.or([eb('author_id', '=', userId), eb('is_public', '=', 1)]))
        .executeTakeFirst();
    },

    async insert(row: AgentsTable): Promise<void> {
      await db.insertInto('agents').values(row).execute();
    },

    /** One reply an agent gave (its author's usage figures). */
    async recordRun(run: AgentRunsTable): Promise<void> {
      await db.insertInto('agent_runs').values(run).execute();
    },
  };
}
