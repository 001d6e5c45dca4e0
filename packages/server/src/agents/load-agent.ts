import { type AgentAccess, agentAccess, agentsPolicy } from '../auth/policies/agents.ts';
import { type Actor, authorize, type PolicyResult } from '../auth/policies/policy.ts';
import type { AgentsRepo } from '../db/repos/agents.ts';
import type { AgentsTable } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * The agent `id` when the actor may see it and `rule` allows (view when no rule is given): an
 * agent they may not see answers as an unknown one (404), one they see but may not act on, 403.
 */
export async function loadAgent(
  agents: AgentsRepo,
  actor: Actor,
  id: string,
  rule?: (a: Actor, agent: AgentAccess) => PolicyResult,
): Promise<AgentsTable> {
  const row = await agents.get(id);
  if (!row) throw new AppError('agent_not_found');
  const access = agentAccess(row);
  authorize(agentsPolicy.canView(actor, access));
  if (rule) authorize(rule(actor, access));
  return row;
}
