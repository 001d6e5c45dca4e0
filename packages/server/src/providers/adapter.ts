import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { ModelParameters } from '@parley/schema';
import type { streamText } from 'ai';
import type { EndpointDef } from './catalog.ts';
import type { Credentials } from './credentials.ts';

export type ProviderOptions = NonNullable<Parameters<typeof streamText>[0]['providerOptions']>;
export const noProviderOptions: ProviderOptions = {};

/** A model ready to call, with what the request's parameters mean for this provider. */
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

/** Models of one endpoint, for one set of credentials. */
export type Factory = (modelId: string, params: ModelParameters) => ResolvedModel;

/**
 * A provider family's adapter (one file per family under `families/`): the provider client(s) for
 * an endpoint and its credentials, and how request parameters map to the SDK's options.
 */
export type AdapterFactory = (endpoint: EndpointDef, creds: Credentials) => Factory;
