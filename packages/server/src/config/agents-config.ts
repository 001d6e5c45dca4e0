import {
  AgentCapabilities,
  type AgentCapability,
  DEFAULT_AGENT_CAPABILITIES,
  DEFAULT_MAX_RECURSION_LIMIT,
  DEFAULT_RECURSION_LIMIT,
} from '@parley/schema';
import type { AgentsEndpointYaml } from './yaml.ts';

/** A tool call that runs longer than this is cancelled and the model told so (value not shown). */
export const DEFAULT_TOOL_TIMEOUT_MS = 60_000;
/** Most citations one file_search answer keeps (LibreChat's `maxCitations` default). */
export const DEFAULT_MAX_CITATIONS = 30;

/** librechat.yaml `endpoints.agents`, with LibreChat's defaults filled in. */
export interface AgentsConfig {
  disableBuilder: boolean;
  recursionLimit: number;
  maxRecursionLimit: number;
  capabilities: ReadonlySet<AgentCapability>;
  /** Endpoint names agents may run on; null = every configured endpoint. */
  allowedProviders: ReadonlySet<string> | null;
  maxCitations: number;
  /** Tools whose calls always wait for approval (ours). */
  approvalRequired: ReadonlySet<string>;
  toolTimeoutMs: number;
}

export function resolveAgentsConfig(yaml: AgentsEndpointYaml | undefined): AgentsConfig {
  const maxRecursionLimit = yaml?.maxRecursionLimit ?? DEFAULT_MAX_RECURSION_LIMIT;
  // Unknown capability names (LibreChat has more than Parley serves) are ignored, not an error.
  const capabilities = (yaml?.capabilities ?? DEFAULT_AGENT_CAPABILITIES).filter(
    (c): c is AgentCapability => c in AgentCapabilities,
  );
  return {
    disableBuilder: yaml?.disableBuilder ?? false,
    recursionLimit: Math.min(yaml?.recursionLimit ?? DEFAULT_RECURSION_LIMIT, maxRecursionLimit),
    maxRecursionLimit,
    capabilities: new Set(capabilities),
    allowedProviders: yaml?.allowedProviders?.length ? new Set(yaml.allowedProviders) : null,
    maxCitations: yaml?.maxCitations ?? DEFAULT_MAX_CITATIONS,
    approvalRequired: new Set(yaml?.toolApproval?.required ?? []),
    toolTimeoutMs: yaml?.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
  };
}

/** The steps a run of an agent may take: its own limit (or the default), never above the maximum. */
export function runStepLimit(config: AgentsConfig, agentLimit: number | null | undefined): number {
  return Math.min(agentLimit ?? config.recursionLimit, config.maxRecursionLimit);
}
