import { AgentCreateBody, BuiltinTools, type EphemeralAgent, type ModelParameters } from '@parley/schema';
import { newAgentRow } from '../../db/rows.ts';
import type { EndpointDef } from '../../providers/catalog.ts';
import type { ChatDeps } from '../deps.ts';
import type { RunAgent } from './load.ts';

/**
 * Deep Dive's step budget: model calls and tool rounds together, about twice a saved agent's
 * default (25), so the model can search several angles and read what it found. The loop bounds it
 * by `endpoints.agents.maxRecursionLimit` (runStepLimit).
 */
export const DEEP_DIVE_STEP_LIMIT = 50;

/** What Deep Dive asks of the model, before the user's own system prompt. */
export const DEEP_DIVE_INSTRUCTIONS = [
  'Deep Dive mode: research the question on the web before you answer.',
  '- Search several angles of the question with web_search (different wordings, sub-questions, recent news, opposing views), not just one query.',
  '- Read what the results say; when sources disagree or a point is unclear, search again to settle it.',
  '- Then answer thoroughly and in structure, citing the sources you used with their numbers [1], [2], …',
  '- Say what you could not confirm.',
].join('\n');

/** The id the ephemeral agent runs under (never stored: no agent_runs row, no agent on the chat). */
export const EPHEMERAL_AGENT_ID = 'ephemeral';

/**
 * A plain chat's toggles as an agent (LibreChat's "ephemeral agent"): with `deep_dive` (or
 * `web_search`) on, the reply runs through the tool loop with the web_search tool on the chat's
 * own endpoint, model and parameters; `execute_code` adds the code sandbox tool; the MCP servers picked in the composer add their tools
 * (`mcpTools`: their `<tool>_mcp_<server>` keys, looked up by the caller). Deep Dive adds the
 * research instructions and a higher step limit. Undefined when no toggle applies: web search and
 * code left out by the agents config (or made to wait for approval) and no MCP tool.
 */
export function ephemeralAgent(
  deps: Pick<ChatDeps, 'agentsConfig'>,
  o: {
    userId: string;
    toggles: EphemeralAgent | null | undefined;
    endpoint: EndpointDef;
    model: string;
    parameters: ModelParameters;
    mcpTools?: readonly string[];
    /** The user's artifacts setting, as a saved agent's `artifacts` mode. */
    artifacts?: 'default' | 'shadcnui' | 'custom' | null;
  },
): RunAgent | undefined {
  const { capabilities, approvalRequired } = deps.agentsConfig;
  // An approval resumes a saved agent (approval.ts); an ephemeral run has none to resume, so a
  // tool that must wait for approval is not offered this way.
  const webSearch =
    (o.toggles?.deep_dive === true || o.toggles?.web_search === true) &&
    capabilities.has('web_search') &&
    !approvalRequired.has(BuiltinTools.web_search);
  const deepDive = webSearch && o.toggles?.deep_dive === true;
  // The run-code toggle (its permission was checked by the chat route: guards.ts dropRunCodeToggle).
  const executeCode =
    o.toggles?.execute_code === true &&
    capabilities.has('execute_code') &&
    !approvalRequired.has(BuiltinTools.execute_code);
  const mcpTools = (o.mcpTools ?? []).filter((k) => !approvalRequired.has(k));
  if (!webSearch && !executeCode && mcpTools.length === 0) return undefined;
  const own = o.parameters.promptPrefix?.trim();
  const instructions = deepDive ? [DEEP_DIVE_INSTRUCTIONS, own].filter(Boolean).join('\n\n') : own;
  // Instructions are set after parsing: a long system prompt of the user's is not an agent's field.
  const settings = {
    ...AgentCreateBody.parse({
      provider: o.endpoint.name,
      model: o.model,
      tools: [
        ...(webSearch ? [BuiltinTools.web_search] : []),
        ...(executeCode ? [BuiltinTools.execute_code] : []),
        ...mcpTools,
      ],
      ...(deepDive ? { recursion_limit: DEEP_DIVE_STEP_LIMIT } : {}),
      artifacts: o.artifacts ?? '',
    }),
    instructions: instructions || null,
  };
  return {
    id: EPHEMERAL_AGENT_ID,
    authorId: o.userId,
    name: 'Agent',
    settings,
    endpoint: o.endpoint,
    parameters: o.parameters,
    row: newAgentRow({ id: EPHEMERAL_AGENT_ID, authorId: o.userId, settings }),
    ephemeral: true,
  };
}
