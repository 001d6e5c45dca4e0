import type { ModelParameters } from '@parley/schema';
import type { AdapterFactory, Factory, ResolvedModel } from './adapter.ts';
import type { EndpointDef, ProviderFamily } from './catalog.ts';
import type { Credentials } from './credentials.ts';
import { anthropic } from './families/anthropic.ts';
import { azure } from './families/azure.ts';
import { bedrock } from './families/bedrock.ts';
import { custom } from './families/custom.ts';
import { google } from './families/google.ts';
import { openai } from './families/openai.ts';

export type { ResolvedModel } from './adapter.ts';

/**
 * One adapter per provider family, the only place that knows provider names (STYLE §5). A new
 * family is a file in `families/` and a line here.
 */
export const FAMILIES: Record<ProviderFamily, AdapterFactory> = {
  openai,
  anthropic,
  google,
  azure,
  bedrock,
  custom,
};

const createFactory = (endpoint: EndpointDef, creds: Credentials): Factory =>
  FAMILIES[endpoint.family](endpoint, creds);

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
