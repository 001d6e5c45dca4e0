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
 * own endpoint, model and parameters. Deep Dive adds the research instructions and a higher step
 * limit. Undefined when no toggle applies or the agents config leaves web search out (or makes
 * it wait for approval).
 */
export function ephemeralAgent(
  deps: Pick<ChatDeps, 'agentsConfig'>,
  o: {
    userId: string;
    toggles: EphemeralAgent | null | undefined;
    endpoint: EndpointDef;
    model: string;
    parameters: ModelParameters;
  },
): RunAgent | undefined {
  const deepDive = o.toggles?.deep_dive === true;
  if (!deepDive && o.toggles?.web_search !== true) return undefined;
  const { capabilities, approvalRequired } = deps.agentsConfig;
  if (!capabilities.has('web_search')) return undefined;
  // An approval resumes a saved agent (approval.ts); an ephemeral run has none to resume, so a
  // web_search that must wait for approval is not offered this way.
  if (approvalRequired.has(BuiltinTools.web_search)) return undefined;
  const own = o.parameters.promptPrefix?.trim();
  const instructions = deepDive ? [DEEP_DIVE_INSTRUCTIONS, own].filter(Boolean).join('\n\n') : own;
  // Instructions are set after parsing: a long system prompt of the user's is not an agent's field.
  const settings = {
    ...AgentCreateBody.parse({
      provider: o.endpoint.name,
      model: o.model,
      tools: [BuiltinTools.web_search],
      ...(deepDive ? { recursion_limit: DEEP_DIVE_STEP_LIMIT } : {}),
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
