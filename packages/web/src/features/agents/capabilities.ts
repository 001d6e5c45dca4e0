import {
  type AgentCapability,
  DEFAULT_AGENT_CAPABILITIES,
  DEFAULT_MAX_RECURSION_LIMIT,
  type EndpointsConfig,
} from '@parley/schema';

/** What GET /api/endpoints says of the agents endpoint (librechat.yaml `endpoints.agents`). */
export type AgentsEndpoint = {
  disableBuilder: boolean;
  capabilities: ReadonlySet<AgentCapability>;
  allowedProviders?: string[];
  maxRecursionLimit: number;
};

/** Null when the server offers no agents endpoint. */
export function agentsEndpoint(endpoints: EndpointsConfig | undefined): AgentsEndpoint | null {
  const entry = endpoints?.agents;
  if (!entry) return null;
  return {
    disableBuilder: entry.disableBuilder === true,
    capabilities: new Set((entry.capabilities ?? DEFAULT_AGENT_CAPABILITIES) as AgentCapability[]),
    allowedProviders: entry.allowedProviders,
    maxRecursionLimit: entry.maxRecursionLimit ?? DEFAULT_MAX_RECURSION_LIMIT,
  };
}

/** doc 3 §2 entry 2: the agents endpoint, AGENTS USE and CREATE, and the builder not disabled. */
export function builderAllowed(endpoint: AgentsEndpoint | null, use: boolean, create: boolean): boolean {
  return !!endpoint && !endpoint.disableBuilder && use && create;
}
