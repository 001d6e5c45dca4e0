import { createOpenAI } from '@ai-sdk/openai';
import { type AdapterFactory, noProviderOptions } from '../adapter.ts';

/** OpenAI: Chat Completions by default, the Responses API on request. */
export const openai: AdapterFactory = (_endpoint, creds) => {
  const provider = createOpenAI({ apiKey: creds.apiKey, baseURL: creds.baseURL, fetch: creds.fetch });
  return (modelId, params) => ({
    // `provider(model)` would call the Responses API; Chat Completions is the default here.
    model: params.useResponsesApi ? provider.responses(modelId) : provider.chat(modelId),
    penalties: !params.useResponsesApi,
    providerOptions: params.reasoning_effort
      ? { openai: { reasoningEffort: params.reasoning_effort, reasoningSummary: 'auto' } }
      : noProviderOptions,
  });
};
