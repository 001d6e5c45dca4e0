import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createAzure } from '@ai-sdk/azure';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createVertex } from '@ai-sdk/google-vertex';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { ModelParameters } from '@parley/schema';
import type { streamText } from 'ai';
import type { AzureDeployment, EndpointDef } from './catalog.ts';
import type { Credentials } from './credentials.ts';
import { rewritingFetch } from './request-rewrite.ts';
import { serviceAccountTokens } from './vertex-auth.ts';

type ProviderOptions = NonNullable<Parameters<typeof streamText>[0]['providerOptions']>;
const none: ProviderOptions = {};

export interface ResolvedModel {
  model: LanguageModelV3;
  providerOptions: ProviderOptions;
  maxOutputTokens?: number;
  /**
   * The API takes frequency/presence penalties. Anthropic, Bedrock and the Responses API do not:
   * the SDK would drop them with a warning, so they are never passed there.
   */
  penalties?: boolean;
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
        penalties: !params.useResponsesApi,
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
      const thinking = (params: ModelParameters): ProviderOptions =>
        params.thinking
          ? {
              google: {
                thinkingConfig: {
                  includeThoughts: true,
                  ...(params.thinkingBudget ? { thinkingBudget: params.thinkingBudget } : {}),
                },
              },
            }
          : none;
      const sa = creds.serviceAccount ?? (creds.fromUser ? undefined : endpoint.vertex?.serviceAccount);
      if (sa) {
        // Vertex AI: our own token exchange, handed to the SDK as its auth client (vertex-auth.ts).
        const getToken = serviceAccountTokens(sa, endpoint.vertex?.tokenUrl);
        const provider = createVertex({
          project: sa.project_id,
          location: endpoint.vertex?.location ?? 'us-central1',
          ...(endpoint.vertex?.baseURL ? { baseURL: endpoint.vertex.baseURL } : {}),
          googleAuthOptions: {
            authClient: { getAccessToken: async () => ({ token: await getToken() }) } as never,
          },
        });
        return (modelId, params) => ({
          model: provider(modelId),
          penalties: true,
          providerOptions: thinking(params),
        });
      }
      const provider = createGoogleGenerativeAI({ apiKey: creds.apiKey, baseURL: creds.baseURL });
      // For Gemini 2.5 on this API the SDK leaves penalties out itself (unsupported there).
      return (modelId, params) => ({
        model: provider(modelId),
        penalties: true,
        providerOptions: thinking(params),
      });
    }
    case 'azure': {
      // One client per deployment target; the deployment name is the "model" in the URL.
      const clients = new Map<string, ReturnType<typeof createAzure>>();
      return (modelId, params) => {
        const d = azureDeployment(endpoint, modelId, creds);
        const key = `${d.baseURL ?? d.instanceName}|${d.version}`;
        let client = clients.get(key);
        if (!client) {
          const deploymentBased = Boolean(d.version && d.version !== 'v1');
          client = createAzure({
            apiKey: d.apiKey,
            ...(d.baseURL ? { baseURL: d.baseURL } : { resourceName: d.instanceName }),
            apiVersion: d.version,
            useDeploymentBasedUrls: deploymentBased,
          });
          clients.set(key, client);
        }
        return {
          model: params.useResponsesApi ? client.responses(d.deploymentName) : client.chat(d.deploymentName),
          penalties: !params.useResponsesApi,
          providerOptions: params.reasoning_effort
            ? { openai: { reasoningEffort: params.reasoning_effort } }
            : none,
        };
      };
    }
    case 'bedrock': {
      const b = endpoint.bedrock!;
      const clients = new Map<string, ReturnType<typeof createAmazonBedrock>>();
      return (modelId, params) => {
        // Region choice: the request's, if the endpoint offers it; else the user's or the default.
        const region =
          (params.region && b.availableRegions.includes(params.region) ? params.region : undefined) ??
          creds.aws?.region ??
          b.region;
        let client = clients.get(region);
        if (!client) {
          client = createAmazonBedrock({
            region,
            accessKeyId: creds.aws?.accessKeyId ?? b.accessKeyId,
            secretAccessKey: creds.aws?.secretAccessKey ?? creds.apiKey,
            sessionToken: creds.aws?.sessionToken ?? b.sessionToken,
            ...(endpoint.baseURL ? { baseURL: endpoint.baseURL } : {}),
          });
          clients.set(region, client);
        }
        const budget = params.thinkingBudget ?? DEFAULT_THINKING_BUDGET;
        return {
          model: client(modelId),
          maxOutputTokens: params.maxOutputTokens ?? params.max_tokens,
          providerOptions: params.thinking
            ? { bedrock: { reasoningConfig: { type: 'enabled', budgetTokens: budget } } }
            : none,
        };
      };
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
      return (modelId) => ({ model: provider.chatModel(modelId), penalties: true, providerOptions: none });
    }
  }
}

const INSTANCE_PLACEHOLDER = '$' + '{INSTANCE_NAME}';
const DEPLOYMENT_PLACEHOLDER = '$' + '{DEPLOYMENT_NAME}';

/** The deployment to call for a model: the user's own bundle, or the configured groups. */
function azureDeployment(endpoint: EndpointDef, modelId: string, creds: Credentials): AzureDeployment {
  const configured = endpoint.azure?.find((x) => x.model === modelId) ?? endpoint.azure?.[0];
  const d: AzureDeployment | undefined = creds.azure
    ? {
        model: modelId,
        apiKey: creds.apiKey,
        instanceName: creds.azure.instanceName,
        baseURL: configured?.baseURL,
        version: creds.azure.version,
        deploymentName: creds.azure.deploymentName || modelId,
      }
    : configured &&
      (configured.model === modelId
        ? configured
        : { ...configured, model: modelId, deploymentName: modelId });
  if (!d) throw new Error(`No Azure deployment for ${modelId}`);
  // LibreChat's placeholders: a base URL may name the instance and deployment.
  const baseURL = d.baseURL
    ?.replaceAll(INSTANCE_PLACEHOLDER, d.instanceName ?? '')
    .replaceAll(DEPLOYMENT_PLACEHOLDER, d.deploymentName);
  return { ...d, baseURL };
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
