import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { ANTHROPIC_MAX_TOKENS } from '@parley/schema';
import { type AdapterFactory, noProviderOptions } from '../adapter.ts';
import { rewritingFetch } from '../request-rewrite.ts';
import { anthropicBase } from './anthropic.ts';

/**
 * librechat.yaml custom endpoints: OpenAI-compatible, or Anthropic's own API (`provider:
 * anthropic`); `addParams` / `dropParams` rewrite the request body on its way out.
 */
export const custom: AdapterFactory = (endpoint, creds) => {
  const rewrite =
    endpoint.addParams || endpoint.dropParams?.length
      ? {
          fetch: rewritingFetch({
            addParams: endpoint.addParams,
            dropParams: endpoint.dropParams,
            fetch: creds.fetch,
          }),
        }
      : { fetch: creds.fetch };
  if (endpoint.nativeAnthropic) {
    const provider = createAnthropic({
      apiKey: creds.apiKey,
      baseURL: anthropicBase(creds.baseURL),
      headers: endpoint.headers,
      ...rewrite,
    });
    return (modelId, params) => ({
      model: provider(modelId),
      maxOutputTokens: params.maxOutputTokens ?? params.max_tokens ?? ANTHROPIC_MAX_TOKENS,
      providerOptions: noProviderOptions,
    });
  }
  const provider = createOpenAICompatible({
    name: endpoint.name,
    apiKey: creds.apiKey,
    baseURL: creds.baseURL!,
    headers: endpoint.headers,
    includeUsage: true,
    ...rewrite,
  });
  return (modelId) => ({
    model: provider.chatModel(modelId),
    penalties: true,
    providerOptions: noProviderOptions,
  });
};
