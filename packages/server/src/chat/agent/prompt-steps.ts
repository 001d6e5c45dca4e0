import type {
  LanguageModelV3Message,
  LanguageModelV3ReasoningPart,
  LanguageModelV3TextPart,
  LanguageModelV3ToolCallPart,
  LanguageModelV3ToolResultPart,
  SharedV3ProviderMetadata,
} from '@ai-sdk/provider';
import type { ContentPart, ToolCall } from '@parley/schema';

type AssistantContent = LanguageModelV3TextPart | LanguageModelV3ReasoningPart | LanguageModelV3ToolCallPart;

/** A tool call's arguments as the provider wants them back: the object, whatever was stored. */
export function parseArgs(args: ToolCall['args']): Record<string, unknown> {
  if (args && typeof args === 'object') return args;
  try {
    const value = args ? JSON.parse(args) : {};
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

export const toolResultPart = (
  call: ToolCall,
  output: string,
  isError = false,
): LanguageModelV3ToolResultPart => ({
  type: 'tool-result',
  toolCallId: call.id,
  toolName: call.name ?? 'tool',
  output: isError ? { type: 'error-text', value: output } : { type: 'text', value: output },
});

/**
 * One model call's messages: what the assistant wrote (text and tool calls), then the tools'
 * results as one `role: 'tool'` message.
 */
export interface Round {
  assistant: AssistantContent[];
  results: LanguageModelV3ToolResultPart[];
}

export function roundsToMessages(rounds: readonly Round[]): LanguageModelV3Message[] {
  const out: LanguageModelV3Message[] = [];
  for (const r of rounds) {
    if (r.assistant.length > 0) out.push({ role: 'assistant', content: r.assistant });
    if (r.results.length > 0) out.push({ role: 'tool', content: r.results });
  }
  return out;
}

/**
 * A thinking block as the provider must get it back before the calls it led to: the text with its
 * signature (Anthropic, Bedrock) or the redacted data, in `providerOptions` as the SDK gave them.
 */
export interface SavedReasoning {
  text: string;
  providerOptions?: SharedV3ProviderMetadata;
}

/**
 * What the provider must get back with a reply's calls, kept with the reply (its metadata, never
 * shown) so a reply paused for approval (or continued) resends it as the run would have.
 */
export interface ProviderReplay {
  /** Each model call's thinking blocks, by the id of its first tool call. */
  reasoning: Record<string, SavedReasoning[]>;
  /** A call's own provider data (Gemini's thought signature travels on the call), by call id. */
  calls: Record<string, SharedV3ProviderMetadata>;
}

export const emptyReplay = (): ProviderReplay => ({ reasoning: {}, calls: {} });

export const reasoningParts = (saved: readonly SavedReasoning[]): LanguageModelV3ReasoningPart[] =>
  saved.map((r) => ({
    type: 'reasoning',
    text: r.text,
    ...(r.providerOptions ? { providerOptions: r.providerOptions } : {}),
  }));

/**
 * An agent's saved parts back as the model's messages (continue, or a run resumed after an
 * approval). Thinking parts are not resent (as in plain chats), except the signed thinking kept
 * in `replay` for the calls it led to (and the calls' own provider data). Calls with no output yet are returned apart: the caller
 * runs them (or records the user's denial) before the next model call.
 */
export function partsToRounds(
  parts: readonly ContentPart[],
  replay: ProviderReplay = emptyReplay(),
): { rounds: Round[]; unresolved: ToolCall[] } {
  const rounds: Round[] = [];
  let current: Round | null = null;
  const next = (): Round => {
    const round: Round = { assistant: [], results: [] };
    rounds.push(round);
    return round;
  };
  const unresolved: ToolCall[] = [];
  for (const p of parts) {
    if (p.type === 'text') {
      if (!p.text) continue;
      // Text after a tool call starts the next model call.
      if (!current || current.assistant.at(-1)?.type === 'tool-call') current = next();
      current.assistant.push({ type: 'text', text: p.text });
    } else if (p.type === 'tool_call') {
      const call = p.tool_call;
      const thinking = replay.reasoning[call.id];
      const meta = replay.calls[call.id];
      // Calls in a row share a round: stored parts do not say where a model call ended, and
      // providers take back-to-back calls with their results as one turn. Saved thinking marks
      // a model call's first call: it starts that call's round (after the text it wrote).
      if (thinking) {
        if (!current || current.assistant.some((c) => c.type === 'tool-call')) current = next();
        current.assistant.unshift(...reasoningParts(thinking));
      }
      current ??= next();
      current.assistant.push({
        type: 'tool-call',
        toolCallId: call.id,
        toolName: call.name ?? 'tool',
        input: parseArgs(call.args),
        ...(meta ? { providerOptions: meta } : {}),
      });
      if (call.output != null && call.approval !== 'pending')
        current.results.push(toolResultPart(call, call.output));
      else unresolved.push(call);
    }
  }
  return { rounds, unresolved };
}
