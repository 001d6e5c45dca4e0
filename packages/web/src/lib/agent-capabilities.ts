import { type AgentCapability, DEFAULT_AGENT_CAPABILITIES, type EndpointsConfig } from '@parley/schema';
import { agentsEntry } from './agent-endpoint.ts';

// Apart from agent-endpoint.ts: the default list lives in schema/agent.ts, whose zod schemas must
// stay off /chat/new's critical path (only the lazy builders read capabilities).

/** The agents capabilities (librechat.yaml `endpoints.agents.capabilities`; LibreChat's defaults). */
export function agentCapabilities(endpoints: EndpointsConfig | undefined): ReadonlySet<AgentCapability> {
  const list = agentsEntry(endpoints)?.capabilities;
  return new Set(
    Array.isArray(list)
      ? (list.filter((c) => typeof c === 'string') as AgentCapability[])
      : DEFAULT_AGENT_CAPABILITIES,
  );
}
