import { AGENT_CHAIN_MAX, ChatErrorTypes, type ModelParameters, pickModelParameters } from '@parley/schema';
import { type AgentSettings, agentSettings } from '../../db/repos/agents.ts';
import type { AgentsTable } from '../../db/schema.ts';
import { AppError, chatRefusal } from '../../errors.ts';
import { type EndpointDef, findEndpoint } from '../../providers/catalog.ts';
import type { ChatDeps } from '../deps.ts';

/** An agent as one run uses it: its settings, and the endpoint its `provider` names. */
export interface RunAgent {
  id: string;
  authorId: string;
  name: string;
  settings: AgentSettings;
  endpoint: EndpointDef;
  /** Its model_parameters (a request's own parameters are ignored for agents). */
  parameters: ModelParameters;
  /** The stored row (its context files are read from it). */
  row: AgentsTable;
  /** A plain chat's toggles run as an agent (ephemeral.ts): nothing about it is stored. */
  ephemeral?: boolean;
}

/** The endpoint an agent runs on: configured, and allowed for agents, else the spec's chat error. */
export function agentEndpoint(
  deps: Pick<ChatDeps, 'catalog' | 'agentsConfig'>,
  provider: string,
): EndpointDef {
  const endpoint = findEndpoint(deps.catalog, provider);
  const allowed = deps.agentsConfig.allowedProviders;
  if (!endpoint || (allowed && !allowed.has(endpoint.name)))
    throw chatRefusal('invalid_agent_provider', {
      type: ChatErrorTypes.INVALID_AGENT_PROVIDER,
      info: provider,
    });
  return endpoint;
}

export function toRunAgent(deps: Pick<ChatDeps, 'catalog' | 'agentsConfig'>, row: AgentsTable): RunAgent {
  const settings = agentSettings(row);
  return {
    id: row.id,
    authorId: row.author_id,
    name: row.name || 'Agent',
    settings,
    endpoint: agentEndpoint(deps, settings.provider),
    parameters: pickModelParameters(settings.model_parameters) as ModelParameters,
    row,
  };
}

/** The agent `userId` asked for: theirs or shared with everyone, else agent_not_found (404). */
export async function loadRunAgent(
  deps: Pick<ChatDeps, 'repos' | 'catalog' | 'agentsConfig'>,
  userId: string,
  agentId: string,
): Promise<RunAgent> {
  const row = await deps.repos.agents.getVisible(userId, agentId);
  if (!row) throw new AppError('agent_not_found', undefined, 'agent_id');
  return toRunAgent(deps, row);
}

/**
 * The agents a chain runs after the primary (capability `chain`), in order: each must be visible to
 * the user and runnable; others are skipped with a warning, never an error.
 */
export async function loadChain(
  deps: Pick<ChatDeps, 'repos' | 'catalog' | 'agentsConfig' | 'log'>,
  userId: string,
  primary: RunAgent,
): Promise<RunAgent[]> {
  if (!deps.agentsConfig.capabilities.has('chain')) return [];
  const out: RunAgent[] = [];
  for (const id of primary.settings.agent_ids.slice(0, AGENT_CHAIN_MAX)) {
    const row = await deps.repos.agents.getVisible(userId, id);
    if (!row) {
      deps.log.warn({ agentId: id, chainOf: primary.id }, 'chained agent not visible: skipped');
      continue;
    }
    try {
      out.push(toRunAgent(deps, row));
    } catch {
      deps.log.warn({ agentId: id, chainOf: primary.id }, 'chained agent has an invalid provider: skipped');
    }
  }
  return out;
}
