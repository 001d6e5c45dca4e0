import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createVertex } from '@ai-sdk/google-vertex';
import type { ModelParameters } from '@parley/schema';
import { type AdapterFactory, noProviderOptions, type ProviderOptions } from '../adapter.ts';
import { serviceAccountTokens } from '../vertex-auth.ts';

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
    : noProviderOptions;

/** Gemini with an API key, or Vertex AI with a service account (the user's or the endpoint's). */
export const google: AdapterFactory = (endpoint, creds) => {
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
};
