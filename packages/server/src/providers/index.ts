import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { ModelParameters } from '@parley/schema';
import type { streamText } from 'ai';
import type { EndpointDef } from './catalog.ts';
import type { Credentials } from './credentials.ts';
import { rewritingFetch } from './request-rewrite.ts';

type ProviderOptions = NonNullable<Parameters<typeof streamText>[0]['providerOptions']>;
const none: ProviderOptions = {};

export interface ResolvedModel {
  model: LanguageModelV3;
  providerOptions: ProviderOptions;
  maxOutputTokens?: number;
}

/** Anthropic's API requires max_tokens; with thinking it must exceed the budget. */
const ANTHROPIC_MAX_TOKENS = 8192;
const DEFAULT_THINKING_BUDGET = 2048;

/** `ANTHROPIC_BASE_URL` follows the official SDK (no `/v1`); the AI SDK wants it included. */
function anthropicBase(url?: string) {
  if (!url) return undefined;
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`;
}

type Factory = (modelId: string, params: ModelParameters) => ResolvedModel;

/** One adapter per provider family; the only place that knows provider names (STYLE §5). */
function createFactory(endpoint: EndpointDef, creds: Credentials): Factory {
  switch (endpoint.family) {
    case 'openai': {
      const provider = createOpenAI({ apiKey: creds.apiKey, baseURL: creds.baseURL });
      return (modelId, params) => ({
        // `provider(model)` would call the Responses API; Chat Completions is the default here.
        model: params.useResponsesApi ? provider.responses(modelId) : provider.chat(modelId),
        providerOptions: params.reasoning_effort
          ? { openai: { reasoningEffort: params.reasoning_effort, reasoningSummary: 'auto' } }
          : none,
      });
    }
    case 'anthropic': {
      const provider = createAnthropic({ apiKey: creds.apiKey, baseURL: anthropicBase(creds.baseURL) });
      return (modelId, params) => {
        const budget = params.thinkingBudget ?? DEFAULT_THINKING_BUDGET;
        const requested = params.maxOutputTokens ?? params.max_tokens ?? ANTHROPIC_MAX_TOKENS;
        return {
          model: provider(modelId),
          maxOutputTokens: params.thinking ? Math.max(requested, budget + 1024) : requested,
          providerOptions: params.thinking
            ? { anthropic: { thinking: { type: 'enabled', budgetTokens: budget } } }
            : none,
        };
      };
    }
    case 'google': {
      const provider = createGoogleGenerativeAI({ apiKey: creds.apiKey, baseURL: creds.baseURL });
      return (modelId, params) => ({
        model: provider(modelId),
        providerOptions: params.thinking
          ? {
              google: {
                thinkingConfig: {
                  includeThoughts: true,
                  ...(params.thinkingBudget ? { thinkingBudget: params.thinkingBudget } : {}),
                },
              },
            }
          : none,
      });
    }
    case 'custom': {
      const rewrite =
        endpoint.addParams || endpoint.dropParams?.length
          ? { fetch: rewritingFetch({ addParams: endpoint.addParams, dropParams: endpoint.dropParams }) }
          : {};
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
          providerOptions: none,
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
      return (modelId) => ({ model: provider.chatModel(modelId), providerOptions: none });
    }
  }
}

/**
 * Provider clients for server keys are built once per endpoint and reused; a user's own key gets
 * a client of its own per request, so keys never cross users.
 */
export function providerRegistry() {
  const factories = new Map<string, Factory>();
  return {
    resolve(
      endpoint: EndpointDef,
      modelId: string,
      params: ModelParameters,
      creds: Credentials,
    ): ResolvedModel {
      if (creds.fromUser) return createFactory(endpoint, creds)(modelId, params);
      let factory = factories.get(endpoint.name);
      if (!factory) {
        factory = createFactory(endpoint, creds);
        factories.set(endpoint.name, factory);
      }
      return factory(modelId, params);
    },
  };
}
export type ProviderRegistry = ReturnType<typeof providerRegistry>;
