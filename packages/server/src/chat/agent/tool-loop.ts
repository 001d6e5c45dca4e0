import type {
  LanguageModelV3,
  LanguageModelV3FunctionTool,
  SharedV3ProviderMetadata,
} from '@ai-sdk/provider';
import { ChatErrorTypes, type FileCitation, type ToolCall } from '@parley/schema';
import type { Generation } from '../../generation/store.ts';
import { type StreamRequest, streamModel } from '../../providers/stream.ts';
import type { KeyedTool } from '../../tools/registry.ts';
import type { ToolRunContext } from '../../tools/types.ts';
import { estimateTokens, type Turn } from '../context-window.ts';
import type { ChatDeps } from '../deps.ts';
import type { RunAgent } from './load.ts';
import {
  type ProviderReplay,
  type Round,
  reasoningParts,
  roundsToMessages,
  type SavedReasoning,
  toolResultPart,
} from './prompt-steps.ts';
import type { RunSteps } from './run-steps.ts';
import { executeTool } from './tool-exec.ts';
import { chargeStep, type RunUsage } from './usage.ts';

/** What a denied call gives the model back. */
export const DENIED_OUTPUT = 'The user denied this call.';
export const UNKNOWN_TOOL_OUTPUT = 'Error processing tool: this tool is not available to the agent.';
/**
 * Calls one model step may have run (value not shown): a step counts once toward the limit, so
 * without this a model (or text injected into a tool result) could ask for dozens at a time.
 */
export const TOOL_CALLS_PER_STEP_MAX = 10;
export const TOO_MANY_CALLS_OUTPUT = `Error processing tool: not run, at most ${TOOL_CALLS_PER_STEP_MAX} tool calls are run per step.`;
export const STEP_LIMIT_OUTPUT = 'Error processing tool: not run, the agent reached its step limit.';

/** The balance ran out between two steps of a loop. */
export class BalanceExhausted extends Error {
  readonly chatError = { type: ChatErrorTypes.TOKEN_BALANCE };
}

/** State one reply's agents share: steps and budget, usage, citations. */
export interface LoopState {
  steps: RunSteps;
  /** Steps taken (model calls and tool rounds) against `limit`. */
  used: number;
  limit: number;
  usage: RunUsage;
  citations: FileCitation[];
  /** The last model call's finish reason. */
  finish: string | null;
  maxCitations: number;
  conversationFileIds: readonly string[];
  /** The user's answer to the call that paused this reply (POST /api/chat/approval). */
  decisions: Map<string, 'approved' | 'denied'>;
  /** Signed thinking and call data, kept with the reply so a resumed run resends them. */
  replay: ProviderReplay;
}

/** One agent's turn in the loop: its model and tools, fixed at the start of the run. */
export interface LoopAgent {
  agent: RunAgent;
  model: LanguageModelV3;
  system: string | undefined;
  options: StreamRequest['options'];
  tools: KeyedTool[];
  /** Tool keys whose calls wait for the user's approval. */
  approval: ReadonlySet<string>;
}

export type LoopEnd = 'done' | 'paused' | 'limit' | 'ended_after_tools' | 'aborted';

/** The tools as the provider layer declares them to the model. */
export const functionTools = (tools: readonly KeyedTool[]): LanguageModelV3FunctionTool[] =>
  tools.map(({ tool }) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema as LanguageModelV3FunctionTool['inputSchema'],
  }));

/**
 * One agent's loop: model → tool calls → tool results → model, until the model answers without
 * calling a tool, a call waits for approval, `end_after_tools` ends it after a tool round, the
 * reply is stopped, or the step limit is reached. `rounds` holds this agent's steps so far (a
 * continued or resumed reply), `unresolved` the calls of its last round still to run.
 * Returns how it ended and the text the agent wrote (the next agent of a chain reads it).
 */
export async function runAgentLoop(
  deps: ChatDeps,
  gen: Generation,
  state: LoopState,
  a: LoopAgent,
  input: { turns: Turn[]; rounds: Round[]; unresolved: ToolCall[]; hidden: boolean; promptEstimate: number },
): Promise<{ end: LoopEnd; text: string }> {
  const signal = gen.controller.signal;
  const { steps } = state;
  const rounds = input.rounds;
  const declared = functionTools(a.tools);
  let written = '';

  const toolCtx = (): Omit<ToolRunContext, 'signal'> => ({
    userId: gen.userId,
    conversationId: gen.conversationId,
    responseMessageId: gen.responseMessageId,
    agent: {
      id: a.agent.id,
      authorId: a.agent.authorId,
      fileIds: Object.fromEntries(
        Object.entries(a.agent.settings.tool_resources).map(([k, v]) => [k, v?.file_ids ?? []]),
      ),
    },
    conversationFileIds: state.conversationFileIds,
    citationBase: state.citations.length,
    maxCitations: state.maxCitations,
    progress: () => {},
  });

  /** Run a round's calls in order; 'paused' when one waits for the user. */
  const runCalls = async (calls: ToolCall[], round: Round): Promise<'paused' | null> => {
    for (const [i, call] of calls.entries()) {
      if (signal.aborted) return null;
      if (i >= TOOL_CALLS_PER_STEP_MAX) {
        steps.toolDone(call.id, TOO_MANY_CALLS_OUTPUT);
        round.results.push(toolResultPart(call, TOO_MANY_CALLS_OUTPUT, true));
        continue;
      }
      const keyed = a.tools.find((t) => t.tool.name === call.name);
      const decision = state.decisions.get(call.id);
      if (keyed && !decision && a.approval.has(keyed.key)) {
        steps.toolPending(call.id);
        return 'paused';
      }
      let output: string;
      let isError = false;
      let attachments: ToolCall['attachments'] = [];
      if (decision === 'denied') output = DENIED_OUTPUT;
      else if (!keyed) {
        output = UNKNOWN_TOOL_OUTPUT;
        isError = true;
      } else {
        steps.toolRunning(call.id);
        const ctx = toolCtx();
        const result = await executeTool(
          keyed.tool,
          typeof call.args === 'string' ? call.args : JSON.stringify(call.args ?? {}),
          {
            ...ctx,
            progress: (v) => steps.toolProgress(call.id, v),
            signIn: (url, expiresAt) => steps.toolAuth(call.id, url, expiresAt),
            signedIn: () => steps.toolAuth(call.id, null),
          },
          { signal, timeoutMs: deps.agentsConfig.toolTimeoutMs },
        );
        output = result.output;
        isError = result.isError;
        // Each file names the call that made it (LibreChat's toolCallId).
        attachments = result.attachments.map((f) => ({ ...f, toolCallId: call.id }));
        state.citations.push(
          ...result.citations.slice(0, Math.max(0, state.maxCitations - state.citations.length)),
        );
        state.usage.toolCalls++;
      }
      steps.toolDone(call.id, output, {
        ...(decision ? { approval: decision } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
      });
      round.results.push(toolResultPart(call, output, isError));
    }
    return null;
  };

  // A resumed reply first settles the calls it stopped at.
  if (input.unresolved.length > 0) {
    for (const call of input.unresolved) steps.adoptTool(call.id);
    const last = rounds.at(-1) ?? { assistant: [], results: [] };
    if (!rounds.includes(last)) rounds.push(last);
    state.used++;
    if ((await runCalls(input.unresolved, last)) === 'paused') return { end: 'paused', text: written };
    if (signal.aborted) return { end: 'aborted', text: written };
    if (a.agent.settings.end_after_tools) return { end: 'ended_after_tools', text: written };
  }

  for (;;) {
    if (signal.aborted) return { end: 'aborted', text: written };
    if (state.used >= state.limit) return { end: 'limit', text: written };
    // The first call was cleared by the chat route's balance guard; each later one is checked here.
    if (state.used > 0 && deps.balance.enabled && !(await deps.balance.canSpend(deps.db, gen.userId)))
      throw new BalanceExhausted();
    state.used++;
    steps.nextCall();

    const round: Round = { assistant: [], results: [] };
    const calls: ToolCall[] = [];
    const callMeta = new Map<string, SharedV3ProviderMetadata>();
    // Thinking that led to the calls, block by block with its signature: providers that check it
    // (Anthropic, Bedrock) refuse a tool result whose call comes without the thinking before it.
    const thinking: SavedReasoning[] = [];
    let block: SavedReasoning | null = null;
    const openBlock = (): SavedReasoning => {
      if (!block) {
        block = { text: '' };
        thinking.push(block);
      }
      return block;
    };
    let text = '';
    let finish: { inputTokens: number | null; outputTokens: number | null } | null = null;
    const events = streamModel(a.model, {
      system: a.system,
      turns: input.turns,
      steps: roundsToMessages(rounds),
      tools: declared,
      options: a.options,
      signal,
      maxRetries: deps.maxRetries,
      idleTimeoutMs: deps.idleTimeoutMs,
    });
    for await (const e of events) {
      switch (e.type) {
        case 'text':
          text += e.text;
          steps.delta('text', e.text, input.hidden);
          break;
        case 'think':
          openBlock().text += e.text;
          steps.delta('think', e.text, input.hidden);
          break;
        case 'think-meta': {
          const b = openBlock();
          b.providerOptions = mergeMeta(b.providerOptions, e.providerMetadata);
          break;
        }
        case 'think-end':
          block = null;
          break;
        case 'tool-input-start':
          steps.toolStart(e.id, e.name);
          break;
        case 'tool-input-delta':
          steps.toolArgs(e.id, e.delta);
          break;
        case 'tool-call':
          steps.toolCall(e.id, e.name, e.input);
          calls.push({ id: e.id, name: e.name, args: e.input, type: 'tool_call' });
          if (e.providerMetadata) callMeta.set(e.id, e.providerMetadata);
          break;
        case 'finish':
          finish = e;
          state.finish = e.finishReason;
          break;
      }
    }
    written += text;
    // Paid as it happens; a provider that reports no usage is estimated, as a plain chat is.
    await chargeStep(
      deps,
      { userId: gen.userId, conversationId: gen.conversationId, messageId: gen.responseMessageId },
      a.agent.settings.model,
      finish?.inputTokens ?? (state.usage.firstInput === null ? input.promptEstimate : 0),
      finish?.outputTokens ?? estimateTokens(text),
      state.usage,
    );
    if (calls.length === 0 || signal.aborted)
      return { end: signal.aborted ? 'aborted' : 'done', text: written };

    const kept = thinking.filter((r) => r.text || r.providerOptions);
    if (kept.length > 0) {
      round.assistant.push(...reasoningParts(kept));
      state.replay.reasoning[calls[0].id] = kept;
    }
    if (text) round.assistant.push({ type: 'text', text });
    for (const c of calls) {
      const meta = callMeta.get(c.id);
      if (meta) state.replay.calls[c.id] = meta;
      round.assistant.push({
        type: 'tool-call',
        toolCallId: c.id,
        toolName: c.name ?? 'tool',
        input: safeJson(c.args as string),
        // Gemini's thought signatures travel on the call.
        ...(meta ? { providerOptions: meta } : {}),
      });
    }
    rounds.push(round);
    if (state.used >= state.limit) {
      for (const c of calls) steps.toolDone(c.id, STEP_LIMIT_OUTPUT);
      return { end: 'limit', text: written };
    }
    state.used++;
    if ((await runCalls(calls, round)) === 'paused') return { end: 'paused', text: written };
    if (signal.aborted) return { end: 'aborted', text: written };
    if (a.agent.settings.end_after_tools) return { end: 'ended_after_tools', text: written };
  }
}

function safeJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return {};
  }
}

/** Provider metadata of one block, as it arrives in pieces (start, deltas, end): merged per provider. */
function mergeMeta(
  into: SharedV3ProviderMetadata | undefined,
  add: SharedV3ProviderMetadata,
): SharedV3ProviderMetadata {
  const out: SharedV3ProviderMetadata = { ...into };
  for (const [provider, values] of Object.entries(add)) out[provider] = { ...out[provider], ...values };
  return out;
}
