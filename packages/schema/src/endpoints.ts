import { z } from 'zod';
import type { ModelParameterKey } from './parameter-keys.ts';

/** One entry of GET /api/endpoints (doc 1 §3 "Endpoint config"). */
export const EndpointConfig = z.object({
  order: z.number(),
  type: z.string().optional(),
  userProvide: z.boolean(),
  userProvideURL: z.boolean().optional(),
  modelDisplayLabel: z.string().optional(),
  iconURL: z.string().optional(),
  titleConvo: z.boolean().optional(),
  /** A custom endpoint speaking another provider's API (`provider: anthropic`). */
  provider: z.string().optional(),
  /** Bedrock: the regions a request may choose. */
  availableRegions: z.array(z.string()).optional(),
  /** The agents endpoint (librechat.yaml `endpoints.agents`): what agents may do and run on. */
  capabilities: z.array(z.string()).optional(),
  disableBuilder: z.boolean().optional(),
  allowedProviders: z.array(z.string()).optional(),
});
export type EndpointConfig = z.infer<typeof EndpointConfig>;

export const EndpointsConfig = z.record(z.string(), EndpointConfig);
export type EndpointsConfig = z.infer<typeof EndpointsConfig>;

/** GET /api/models: endpoint name → model ids. */
export const ModelsConfig = z.record(z.string(), z.array(z.string()));
export type ModelsConfig = z.infer<typeof ModelsConfig>;

/** Model parameters a request may carry (names follow LibreChat's payload). */
export const ModelParameters = z.object({
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().min(0).max(1).optional(),
  topK: z.number().int().min(0).max(500).optional(),
  /** OpenAI-style repetition controls (OpenAI, Azure, Google, compatible endpoints). */
  frequency_penalty: z.number().min(-2).max(2).optional(),
  presence_penalty: z.number().min(-2).max(2).optional(),
  max_tokens: z.number().int().positive().optional(),
  maxOutputTokens: z.number().int().positive().optional(),
  stop: z.array(z.string()).max(4).optional(),
  promptPrefix: z.string().max(100_000).nullish(),
  /** Anthropic extended thinking on/off and its budget. */
  thinking: z.boolean().optional(),
  thinkingBudget: z.number().int().min(1024).optional(),
  reasoning_effort: z.enum(['low', 'medium', 'high']).optional(),
  /** OpenAI: use the Responses API instead of Chat Completions. */
  useResponsesApi: z.boolean().optional(),
  /** Context window to assume for the model, in tokens (else a per-model default). */
  maxContextTokens: z.number().int().positive().optional(),
  /** Bedrock: AWS region (one of the endpoint's available regions). */
  region: z.string().max(32).optional(),
});
export type ModelParameters = z.infer<typeof ModelParameters>;

// Compile-time check: MODEL_PARAMETER_KEYS lists exactly the keys of ModelParameters.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _keysMatch: SameKeys<ModelParameterKey, keyof ModelParameters> = true;
void _keysMatch;
