import { type ChatError, textChatError } from '@parley/schema';
import { runStepLimit } from '../../config/agents-config.ts';
import type { Generation } from '../../generation/store.ts';
import { continuedParts } from '../continue.ts';
import type { ChatDeps } from '../deps.ts';
import { saveReply } from '../persist.ts';
import { type Prompt, preparePrompt } from '../prompt.ts';
import type { RunContext } from '../run-context.ts';
import { chatErrorOf } from '../run-errors.ts';
import { startTitle } from '../title.ts';
import { chainPosition, loopAgent, withPreviousOutputs } from './chain.ts';
import { loadChain } from './load.ts';
import { emptyReplay, type ProviderReplay, partsToRounds } from './prompt-steps.ts';
import { runSteps } from './run-steps.ts';
import { TOOL_ERROR_PREFIX } from './tool-exec.ts';
import { BalanceExhausted, type LoopEnd, type LoopState, runAgentLoop } from './tool-loop.ts';
import { emptyUsage } from './usage.ts';

/** finish_reason of a reply paused for a tool approval. */
export const APPROVAL_FINISH_REASON = 'tool_approval';

export const stepLimitText = (limit: number) =>
  `The agent stopped after ${limit} steps, its step limit. Ask it to continue or simplify the request.`;

/**
 * Whether a reply needs the loop: an agent with tools or a chain, or a reply that holds tool calls
 * (continued or resumed). Anything else takes the plain chat's path (run.ts), no extra layers.
 */
export function needsLoop(deps: Pick<ChatDeps, 'agentsConfig'>, ctx: RunContext): boolean {
  const agent = ctx.agent;
  if (!agent) return false;
  if (ctx.approval || agent.settings.tools.length > 0) return true;
  if (agent.settings.agent_ids.length > 0 && deps.agentsConfig.capabilities.has('chain')) return true;
  return ctx.continued === true && (ctx.placeholder.content?.includes('"tool_call"') ?? false);
}

/**
 * An agent's reply as a loop of steps (DESIGN: the provider layer, not streamText): the primary
 * agent, then each chained agent, every step streamed as run-step frames and kept as content parts;
 * then the reply saved (usage summed, the agent_runs row in the same transaction) and titled.
 */
export async function runAgentGeneration(deps: ChatDeps, gen: Generation, ctx: RunContext): Promise<void> {
  const primary = ctx.agent!;
  const signal = gen.controller.signal;
  const steps = runSteps(
    gen.log,
    gen.responseMessageId,
    ctx.continued ? continuedParts(ctx.placeholder) : [],
  );
  const state: LoopState = {
    steps,
    used: 0,
    limit: runStepLimit(deps.agentsConfig, primary.settings.recursion_limit),
    usage: emptyUsage(),
    citations: [],
    finish: null,
    maxCitations: deps.agentsConfig.maxCitations,
    conversationFileIds: [],
    decisions: new Map(
      ctx.approval ? [[ctx.approval.toolCallId, ctx.approval.approved ? 'approved' : 'denied']] : [],
    ),
    replay: { ...emptyReplay(), ...savedMetadata(ctx).replay },
  };

  let prompt: Prompt | null = null;
  let error: ChatError | null = null;
  let end: LoopEnd = 'done';
  try {
    prompt = await preparePrompt(deps, gen, ctx, { replyAsTurn: false });
    state.conversationFileIds = prompt.fileIds;
    // Passages given with the question come first; a continued reply's saved ones keep their numbers.
    state.citations.push(...(ctx.continued ? savedCitations(ctx) : prompt.citations));
    const agents = [primary, ...(await loadChain(deps, gen.userId, primary))];
    const at = chainPosition(steps.parts, agents);
    const previous = at.previous;
    for (let i = at.index; i < agents.length; i++) {
      const agent = agents[i];
      const resumed = i === at.index;
      if (!resumed) steps.agentUpdate(agent.id);
      else if (i > 0) steps.setAgent(agent.id);
      const a = await loopAgent(
        deps,
        gen,
        agent,
        i === 0 ? { model: prompt.model, system: prompt.system, options: prompt.options } : undefined,
      );
      const { rounds, unresolved } = resumed
        ? partsToRounds(at.own, state.replay)
        : { rounds: [], unresolved: [] };
      const result = await runAgentLoop(deps, gen, state, a, {
        turns: i === 0 ? prompt.turns : withPreviousOutputs(prompt.turns, previous),
        rounds,
        unresolved,
        // hide_sequential_outputs: only the last agent's words are kept and shown.
        hidden: primary.settings.hide_sequential_outputs && i < agents.length - 1,
        promptEstimate: prompt.promptEstimate,
      });
      previous.push({ name: agent.name, text: result.text });
      end = result.end;
      if (end !== 'done' && end !== 'ended_after_tools') break;
    }
    if (end === 'limit') error = textChatError(stepLimitText(state.limit));
  } catch (failure) {
    error = failure instanceof BalanceExhausted ? failure.chatError : chatErrorOf(failure, signal.aborted);
    if (error)
      deps.log.warn({ err: error, endpoint: ctx.endpoint.name, agentId: primary.id }, 'agent run error');
  }
  steps.flush();
  const aborted = signal.aborted;
  if (aborted || error)
    steps.settleOpen(`${TOOL_ERROR_PREFIX}: the reply ${aborted ? 'was stopped' : 'failed'} before it ran.`);
  const finishReason =
    end === 'paused'
      ? APPROVAL_FINISH_REASON
      : end === 'ended_after_tools'
        ? 'stop'
        : (state.finish ?? 'stop');
  const frame = await saveReply(deps, gen, ctx, {
    parts: steps.parts,
    error,
    aborted,
    finish: {
      type: 'finish',
      finishReason: finishReason === 'tool-calls' ? 'stop' : finishReason,
      inputTokens: state.usage.firstInput,
      outputTokens: state.usage.outputTokens,
    },
    prompt: prompt && { ...prompt, citations: state.citations },
    agent: { ...state.usage, charged: true },
    replay: state.replay,
  });
  gen.log.append(frame);
  const final = 'final' in frame ? frame : null;
  deps.generations.finish(gen, final);
  if (final && prompt && !aborted && end !== 'paused') startTitle(deps, gen, ctx, prompt.creds, final);
}

/** What a continued reply kept in its metadata (chat/persist.ts). */
function savedMetadata(ctx: RunContext): { citations?: []; replay?: Partial<ProviderReplay> } {
  if (!ctx.continued || !ctx.placeholder.metadata) return {};
  return JSON.parse(ctx.placeholder.metadata);
}

/** The passages a continued reply cited already (its metadata), so new ones number after them. */
const savedCitations = (ctx: RunContext) => savedMetadata(ctx).citations ?? [];
