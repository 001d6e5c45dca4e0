/**
 * Credits per token by model-name prefix (1 credit = $0.000001, LibreChat's unit), from the
 * providers' list prices. librechat.yaml `balance.rates` overrides or adds entries.
 */
const DEFAULT_RATES: Record<string, { prompt: number; completion: number }> = {
  'gpt-4o-mini': { prompt: 0.15, completion: 0.6 },
  'gpt-4o': { prompt: 2.5, completion: 10 },
  'gpt-4.1-mini': { prompt: 0.4, completion: 1.6 },
  'gpt-4.1': { prompt: 2, completion: 8 },
  'gpt-4': { prompt: 30, completion: 60 },
  'gpt-3.5-turbo': { prompt: 0.5, completion: 1.5 },
  o3: { prompt: 2, completion: 8 },
  'claude-3-5-haiku': { prompt: 0.8, completion: 4 },
  'claude-opus': { prompt: 15, completion: 75 },
  claude: { prompt: 3, completion: 15 },
  'gemini-2.5-pro': { prompt: 1.25, completion: 10 },
  'gemini-2.5-flash': { prompt: 0.3, completion: 2.5 },
  gemini: { prompt: 0.1, completion: 0.4 },
};
/** For models without a known price (value not shown in the spec). */
export const FALLBACK_RATE = { prompt: 1, completion: 1 };

export function rateFor(
  model: string,
  overrides: Record<string, { prompt: number; completion: number }> = {},
): { prompt: number; completion: number } {
  const table = { ...DEFAULT_RATES, ...overrides };
  const id = model.toLowerCase();
  const key = Object.keys(table)
    .filter(
      (k) =>
        id.startsWith(k.toLowerCase()) ||
        id.includes(`/${k.toLowerCase()}`) ||
        id.includes(`.${k.toLowerCase()}`),
    )
    .sort((a, b) => b.length - a.length)[0];
  return key ? table[key] : FALLBACK_RATE;
}
