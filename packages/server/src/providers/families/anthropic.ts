import { createAnthropic } from '@ai-sdk/anthropic';
import { ANTHROPIC_MAX_TOKENS, DEFAULT_THINKING_BUDGET } from '@parley/schema';
import { type AdapterFactory, noProviderOptions } from '../adapter.ts';

/** `ANTHROPIC_BASE_URL` follows the official SDK (no `/v1`); the AI SDK wants it included. */
export function anthropicBase(url?: string) {
  if (!url) return undefined;
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`;
}

/** Anthropic Messages; with thinking, max_tokens must exceed the budget. */
export const anthropic: AdapterFactory = (_endpoint, creds) => {
  const provider = createAnthropic({
    apiKey: creds.apiKey,
    baseURL: anthropicBase(creds.baseURL),
    fetch: creds.fetch,
  });
  return (modelId, params) => {
    const budget = params.thinkingBudget ?? DEFAULT_THINKING_BUDGET;
    const requested = params.maxOutputTokens ?? params.max_tokens ?? ANTHROPIC_MAX_TOKENS;
    return {
      model: provider(modelId),
      maxOutputTokens: params.thinking ? Math.max(requested, budget + 1024) : requested,
      providerOptions: params.thinking
        ? { anthropic: { thinking: { type: 'enabled', budgetTokens: budget } } }
        : noProviderOptions,
    };
  };
};
