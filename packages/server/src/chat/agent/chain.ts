import type { ContentPart } from '@parley/schema';
import type { Generation } from '../../generation/store.ts';
import { resolveCredentials } from '../../providers/credentials.ts';
import type { Turn } from '../context-window.ts';
import type { ChatDeps } from '../deps.ts';
import { callOptions } from '../prompt.ts';
import { agentInstructions } from './instructions.ts';
import type { RunAgent } from './load.ts';
import type { LoopAgent } from './tool-loop.ts';

/** A chained agent's model, call options, instructions and tools (each agent has its own). */
export async function loopAgent(
  deps: ChatDeps,
  gen: Generation,
  agent: RunAgent,
  base?: Pick<LoopAgent, 'model' | 'system' | 'options'>,
): Promise<LoopAgent> {
  const tools = await deps.tools.resolve(agent.settings.tools, { userId: gen.userId, agentId: agent.id });
  const approval = new Set([...agent.settings.require_approval, ...deps.agentsConfig.approvalRequired]);
  if (base) return { agent, tools, approval, ...base };
  const creds = await resolveCredentials(agent.endpoint, gen.userId, {
    keys: deps.repos.keys,
    box: deps.box,
    allowedPrivateHosts: deps.allowedPrivateHosts,
  });
  const p = agent.parameters;
  const resolved = deps.providers.resolve(agent.endpoint, agent.settings.model, p, creds);
  return {
    agent,
    tools,
    approval,
    model: resolved.model,
    options: callOptions(p, resolved, resolved.maxOutputTokens ?? p.maxOutputTokens ?? p.max_tokens),
    system: await agentInstructions(
      deps,
      agent,
      await deps.tools.instructions(agent.settings.tools, { userId: gen.userId }),
    ),
  };
}

/**
 * A chained agent's view of the conversation: the history, with what the agents before it wrote
 * added to the newest question (a trailing assistant turn would read as a prefill to some
 * providers, which would continue it instead of answering).
 */
export function withPreviousOutputs(
  turns: readonly Turn[],
  outputs: readonly { name: string; text: string }[],
): Turn[] {
  const said = outputs.filter((o) => o.text.trim());
  if (said.length === 0) return [...turns];
  const at = turns.findLastIndex((t) => t.role === 'user');
  const block = said.map((o) => `[${o.name}]\n${o.text.trim()}`).join('\n\n');
  const out = [...turns];
  const question = out[at];
  out[at] = { ...question, text: `${question.text}\n\nThe agents before you answered:\n\n${block}` };
  return out;
}

/**
 * Where a saved reply stands in its chain: the agent whose output it ends in (the last
 * agent_update's, else the primary), that agent's own parts, and what the agents before it wrote.
 */
export function chainPosition(
  parts: readonly ContentPart[],
  agents: readonly RunAgent[],
): { index: number; own: ContentPart[]; previous: { name: string; text: string }[] } {
  let index = 0;
  let from = 0;
  const previous: { name: string; text: string }[] = [];
  let text = '';
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (p.type === 'agent_update') {
      const at = agents.findIndex((a) => a.id === p.agent_update.agentId);
      previous.push({ name: agents[index]?.name ?? 'Agent', text });
      text = '';
      index = at >= 0 ? at : index + 1;
      from = i + 1;
    } else if (p.type === 'text') text += p.text;
  }
  return { index, own: parts.slice(from), previous };
}
