import type { Agent, AgentToolResource } from '@parley/schema';

type WithResources = Pick<Agent, 'tool_resources'> | null;

/** The ids an agent holds for one tool resource. */
export function resourceFileIds(agent: WithResources, resource: AgentToolResource): string[] {
  return agent?.tool_resources[resource]?.file_ids ?? [];
}

/**
 * The agent's files for one tool resource, from its file list (GET /api/files/agent/:id). While the
 * agent itself is older than the list (an upload just landed) the file's own tool_resource decides.
 */
export function resourceFiles<F extends { file_id: string; tool_resource?: string | null }>(
  agent: WithResources,
  files: readonly F[],
  resource: AgentToolResource,
): F[] {
  const ids = resourceFileIds(agent, resource);
  return files.filter((f) => ids.includes(f.file_id) || (ids.length === 0 && f.tool_resource === resource));
}

/** The agent's tool_resources with one file taken off one resource (the PATCH body's part). */
export function withoutResourceFile(
  agent: Pick<Agent, 'tool_resources'>,
  resource: AgentToolResource,
  fileId: string,
): Agent['tool_resources'] {
  return {
    ...agent.tool_resources,
    [resource]: { file_ids: resourceFileIds(agent, resource).filter((id) => id !== fileId) },
  };
}
