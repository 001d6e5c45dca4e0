/**
 * The normalized request (providers.md §10.2): every dialect decodes into this shape, so tests
 * assert the app's request mapping the same way for every provider.
 */

export type DialectName =
  | 'openai-chat'
  | 'openai-responses'
  | 'anthropic'
  | 'gemini'
  | 'compatible'
  | 'ollama'
  | 'deepseek'
  | 'azure'
  | 'bedrock'
  | 'vertex'
  | 'openrouter'
  | 'groq'
  | 'mistral';
export type ProviderName =
  | 'openai'
  | 'anthropic'
  | 'gemini'
  | 'compatible'
  | 'ollama'
  | 'deepseek'
  | 'azure'
  | 'bedrock'
  | 'vertex'
  | 'openrouter'
  | 'groq'
  | 'mistral';

export type Part =
  | { type: 'text'; text: string }
  | { type: 'image'; mediaType?: string; url?: string; data?: string }
  | { type: 'file'; mediaType?: string; url?: string; data?: string }
  | {
      type: 'tool_call';
      id?: string;
      name: string;
      args: unknown;
      /** Gemini 3's `thoughtSignature` on a functionCall part, as the client sent it back. */
      signature?: string;
    }
  | { type: 'tool_result'; id?: string; name?: string; content: unknown; isError?: boolean }
  | { type: 'reasoning'; text: string; signature?: string; redacted?: boolean };

export interface Message {
  role: 'user' | 'assistant' | 'tool';
  parts: Part[];
}

export interface ToolDef {
  name: string;
  description?: string;
  parameters?: unknown;
}

export interface NormalizedRequest {
  provider: ProviderName;
  dialect: DialectName;
  model: string;
  system?: string;
  messages: Message[];
  tools: ToolDef[];
  params: {
    temperature?: number;
    topP?: number;
    topK?: number;
    maxTokens?: number;
    stop?: string[];
    seed?: number;
  };
  reasoning: {
    enabled: boolean;
    effort?: string;
    budget?: number;
    includeThoughts?: boolean;
    summary?: string;
  };
  stream: boolean;
}

export const textOf = (parts: Part[]): string =>
  parts
    .filter((p): p is Extract<Part, { type: 'text' }> => p.type === 'text')
    .map((p) => p.text)
    .join('\n');

/** Index of the last user message that carries text (tool results are not "the user speaking"). */
export function lastUserIndex(req: NormalizedRequest): number {
  for (let i = req.messages.length - 1; i >= 0; i--) {
    const m = req.messages[i];
    if (m.role === 'user' && m.parts.some((p) => p.type === 'text')) return i;
  }
  return -1;
}

export function lastUserText(req: NormalizedRequest): string {
  const i = lastUserIndex(req);
  return i === -1 ? '' : textOf(req.messages[i].parts);
}

/** Tool results that arrived after the last user turn: the app is mid tool loop. */
export function pendingToolResults(req: NormalizedRequest): Extract<Part, { type: 'tool_result' }>[] {
  const from = lastUserIndex(req) + 1;
  return req.messages
    .slice(from)
    .flatMap((m) => m.parts)
    .filter((p): p is Extract<Part, { type: 'tool_result' }> => p.type === 'tool_result');
}

/**
 * Tool rounds the app already ran since the last user turn: runs of assistant messages that call
 * tools (one message per round in most dialects; the Responses API sends one item per call).
 */
export function toolRounds(req: NormalizedRequest): number {
  let rounds = 0;
  let inRound = false;
  for (const m of req.messages.slice(lastUserIndex(req) + 1)) {
    const calls = m.role === 'assistant' && m.parts.some((p) => p.type === 'tool_call');
    if (calls && !inRound) rounds++;
    inRound = calls;
  }
  return rounds;
}

/** Names of tool calls the assistant made after the last user turn, by call id. */
export function toolCallNames(req: NormalizedRequest): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of req.messages)
    for (const p of m.parts) if (p.type === 'tool_call' && p.id) names.set(p.id, p.name);
  return names;
}

/** All prompt text, for the deterministic input-token estimate. */
export function promptChars(req: NormalizedRequest): number {
  let n = req.system?.length ?? 0;
  for (const m of req.messages)
    for (const p of m.parts) {
      if (p.type === 'text' || p.type === 'reasoning') n += p.text.length;
      else if (p.type === 'tool_call') n += p.name.length + JSON.stringify(p.args ?? {}).length;
      else if (p.type === 'tool_result') n += JSON.stringify(p.content ?? '').length;
    }
  for (const t of req.tools) n += JSON.stringify(t).length;
  return n;
}
