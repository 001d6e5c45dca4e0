import { type AgentCapability, type AgentToolResource, BuiltinTools, EModelEndpoint } from '@parley/schema';
import type { AgentsConfig } from '../config/agents-config.ts';
import type { AgentSettings, AgentsRepo } from '../db/repos/agents.ts';
import { AppError } from '../errors.ts';
import { type EndpointDef, findEndpoint } from '../providers/catalog.ts';

/** doc 3 §5's text for a missing required field (LibreChat's com_ui_field_required). */
export const FIELD_REQUIRED = 'This field is required';

/** Endpoints an agent cannot run on: agents themselves, and assistants (served by agents). */
const NOT_PROVIDERS: readonly string[] = [EModelEndpoint.agents, EModelEndpoint.assistants];

/**
 * A tool key the server knows: a built-in, or an action's or MCP server's key (issue 16 adds
 * those tools; their keys are LibreChat's `<name>_action_<domain>` and `<tool>_mcp_<server>`).
 */
export function isKnownToolKey(key: string): boolean {
  return key in BuiltinTools || key.includes('_action_') || key.includes('_mcp_');
}

export interface CheckDeps {
  catalog: EndpointDef[];
  agentsConfig: AgentsConfig;
  agents: AgentsRepo;
}

const invalid = (field: string, message: string) => new AppError('validation', message, field);

/**
 * The provider an agent may run on: a configured endpoint (by its own name's spelling), not agents
 * or assistants, and among `endpoints.agents.allowedProviders` when that is set.
 */
export function agentProvider(
  deps: Pick<CheckDeps, 'catalog' | 'agentsConfig'>,
  provider: string,
): EndpointDef {
  const endpoint = findEndpoint(deps.catalog, provider);
  if (!endpoint || NOT_PROVIDERS.includes(endpoint.name))
    throw invalid('provider', `Unknown provider: ${provider}.`);
  const allowed = deps.agentsConfig.allowedProviders;
  if (allowed && !allowed.has(endpoint.name) && !allowed.has(provider))
    throw invalid('provider', `Agents may not run on ${endpoint.name}.`);
  return endpoint;
}

/** The capability a tool key needs (doc 3 §6: capabilities are gated by the agents endpoint config). */
export function capabilityOfTool(key: string): AgentCapability {
  if (
    key === BuiltinTools.file_search ||
    key === BuiltinTools.web_search ||
    key === BuiltinTools.execute_code
  )
    return key;
  return key.includes('_action_') ? 'actions' : 'tools';
}

/** The capability files for a tool resource need (file_search, context, ocr, execute_code are both). */
export const capabilityOfResource = (resource: AgentToolResource): AgentCapability => resource;

/** Refuse what needs a capability the agents endpoint does not offer. */
export function requireCapability(config: AgentsConfig, capability: AgentCapability, field: string): void {
  if (!config.capabilities.has(capability))
    throw invalid(field, `The agents endpoint does not offer ${capability}.`);
}

/**
 * Capabilities for what a save adds: tools, a chain, files of a resource. What the agent already
 * had stays, so turning a capability off later does not block unrelated edits (the loop leaves
 * the tool out at run time).
 */
function checkCapabilities(
  config: AgentsConfig,
  next: AgentSettings,
  current: AgentSettings | undefined,
): void {
  for (const tool of next.tools)
    if (!current?.tools.includes(tool)) requireCapability(config, capabilityOfTool(tool), 'tools');
  if (next.agent_ids.some((id) => !current?.agent_ids.includes(id)))
    requireCapability(config, 'chain', 'agent_ids');
  for (const [resource, value] of Object.entries(next.tool_resources) as [
    AgentToolResource,
    { file_ids: string[] },
  ][]) {
    const had = current?.tool_resources[resource]?.file_ids ?? [];
    if (value.file_ids.some((id) => !had.includes(id)))
      requireCapability(config, capabilityOfResource(resource), 'tool_resources');
  }
}

/**
 * What an agent saves must hold (doc 3 §5), beyond the schema's lengths: instructions, a usable
 * provider and model, a chain of agents the author may see (never itself), known tools. Answers the
 * settings with the provider spelt as configured.
 */
export async function checkAgentSettings(
  deps: CheckDeps,
  userId: string,
  settings: AgentSettings,
  selfId?: string,
  current?: AgentSettings,
): Promise<AgentSettings> {
  // Agents need instructions (doc 3 §5); an assistant needs only its model (doc 3 §5 Assistant).
  if (settings.kind !== 'assistant' && !settings.instructions?.trim())
    throw invalid('instructions', FIELD_REQUIRED);
  const endpoint = agentProvider(deps, settings.provider);
  // An endpoint that lists its models from the provider may offer more than its configured list.
  if (!endpoint.fetchModels && !endpoint.models.includes(settings.model))
    throw invalid('model', `${endpoint.name} does not offer the model ${settings.model}.`);
  const chain = settings.agent_ids;
  if (new Set(chain).size !== chain.length)
    throw invalid('agent_ids', 'An agent is listed twice in the chain.');
  if (selfId && chain.includes(selfId)) throw invalid('agent_ids', 'An agent cannot follow itself.');
  const visible = await deps.agents.visibleIds(userId, chain);
  const unknown = chain.find((id) => !visible.has(id));
  if (unknown) throw invalid('agent_ids', `Unknown agent: ${unknown}.`);
  const badTool = settings.tools.find((t) => !isKnownToolKey(t));
  if (badTool) throw invalid('tools', `Unknown tool: ${badTool}.`);
  checkCapabilities(deps.agentsConfig, settings, current);
  return { ...settings, provider: endpoint.name };
}
