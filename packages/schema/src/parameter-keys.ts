/**
 * The keys of `ModelParameters` (endpoints.ts), zod-free so the client can pick settings out of a
 * preset, spec or URL without bundling zod. endpoints.ts checks the two stay in step.
 */
export const MODEL_PARAMETER_KEYS = [
  'temperature',
  'top_p',
  'topK',
  'frequency_penalty',
  'presence_penalty',
  'max_tokens',
  'maxOutputTokens',
  'stop',
  'promptPrefix',
  'thinking',
  'thinkingBudget',
  'reasoning_effort',
  'useResponsesApi',
  'maxContextTokens',
  'region',
] as const;
export type ModelParameterKey = (typeof MODEL_PARAMETER_KEYS)[number];

/** The model parameters found in `source` (a preset, spec preset or conversation). */
export function pickModelParameters(source: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of MODEL_PARAMETER_KEYS) {
    const value = source[key];
    if (value !== undefined && value !== null) out[key] = value;
  }
  return out;
}
