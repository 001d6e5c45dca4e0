/**
 * Fitting a conversation into a model's context window (issue 3 §7): the oldest turns are left
 * out, never the newest user message, so the provider never sees more than it accepts.
 */

/** Context sizes by model-name prefix, longest prefix first (values from the providers' docs). */
const CONTEXT_TOKENS: [string, number][] = [
  ['gpt-4.1', 1_047_576],
  ['gpt-4o', 128_000],
  ['gpt-4-turbo', 128_000],
  ['gpt-4', 8_192],
  ['gpt-3.5-turbo', 16_385],
  ['o1', 200_000],
  ['o3', 200_000],
  ['o4', 200_000],
  ['gpt-5', 400_000],
  ['claude', 200_000],
  ['anthropic.claude', 200_000],
  ['gemini', 1_048_576],
  ['llama', 128_000],
  ['meta.llama', 128_000],
  ['mistral', 128_000],
  ['magistral', 128_000],
  ['deepseek', 128_000],
  ['qwen', 32_768],
];

/** For models we know nothing about (value not shown in the spec): a conservative size. */
export const DEFAULT_CONTEXT_TOKENS = 8_192;
/** Room kept for the reply when the request names no output limit. */
export const DEFAULT_OUTPUT_RESERVE = 1_024;
/** Per-message overhead of chat formats (role markers, separators). */
const MESSAGE_OVERHEAD = 4;

export function contextWindow(model: string): number {
  const id = model.toLowerCase().split('/').pop() ?? '';
  const hit = [...CONTEXT_TOKENS]
    .sort((a, b) => b[0].length - a[0].length)
    .find(([prefix]) => id.startsWith(prefix) || model.toLowerCase().startsWith(prefix));
  return hit ? hit[1] : DEFAULT_CONTEXT_TOKENS;
}

/** A quick, provider-neutral estimate: about four characters per token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4) + MESSAGE_OVERHEAD;
}

export interface Turn {
  role: 'user' | 'assistant';
  text: string;
  /** The files the message was sent with (chat/attachments.ts puts them into the prompt). */
  files?: readonly { file_id?: string }[];
  /** Images for the model, as stored (normalised at upload). */
  images?: readonly { mediaType: string; data: Uint8Array }[];
}

/**
 * What an image costs in the context window, roughly: providers charge by size (OpenAI about 765
 * tokens for a 1024² image in high detail, Anthropic about 1,600 at 1.15 megapixels).
 */
export const IMAGE_TOKEN_ESTIMATE = 1_600;

/** A turn's estimated tokens: its text and its images. */
export function turnTokens(turn: Turn): number {
  return estimateTokens(turn.text) + (turn.images?.length ?? 0) * IMAGE_TOKEN_ESTIMATE;
}

/**
 * Keep the newest turns that fit in `budget` tokens (after the system prompt). The last turn is
 * always kept; the kept history starts with a user turn, as providers expect.
 */
export function fitContext(
  turns: Turn[],
  system: string | undefined,
  budget: number,
): { turns: Turn[]; dropped: number } {
  let used = system ? estimateTokens(system) : 0;
  let start = turns.length;
  for (let i = turns.length - 1; i >= 0; i--) {
    const cost = turnTokens(turns[i]);
    if (i < turns.length - 1 && used + cost > budget) break;
    used += cost;
    start = i;
  }
  while (start < turns.length - 1 && turns[start].role !== 'user') start++;
  return { turns: turns.slice(start), dropped: start };
}
