import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { DEFAULT_THINKING_BUDGET } from '@parley/schema';
import { type AdapterFactory, noProviderOptions } from '../adapter.ts';

/** Amazon Bedrock (Converse): one client per region. */
export const bedrock: AdapterFactory = (endpoint, creds) => {
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
        : noProviderOptions,
    };
  };
};
