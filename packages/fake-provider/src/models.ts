import type { ModelsApi } from './dialect.ts';
import { SCENARIO_MODELS } from './scenarios/model-names.ts';

/** A fixed timestamp so model lists are stable across runs. */
const CREATED = 1_735_689_600; // 2025-01-01

const OPENAI_MODELS = ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'o3-mini', 'o4-mini', 'gpt-5'];

function listApi<T extends { id: string }>(
  ids: string[],
  entry: (id: string) => T,
  wrap: (data: T[]) => unknown,
): ModelsApi {
  return {
    list: () => wrap(ids.map(entry)),
    one: (id) => (ids.includes(id) ? entry(id) : undefined),
  };
}

const openaiList = (ids: string[], ownedBy: string): ModelsApi =>
  listApi(
    ids,
    (id) => ({
      id,
      object: 'model',
      created: CREATED,
      owned_by: id.startsWith('fake-') ? 'fake-provider' : ownedBy,
    }),
    (data) => ({ object: 'list', data }),
  );

export const openaiModels = openaiList([...OPENAI_MODELS, ...SCENARIO_MODELS], 'system');
export const compatibleModels = openaiList(
  ['local-model', 'qwen3', 'llama3.2', ...SCENARIO_MODELS],
  'organization-owner',
);
export const ollamaModels = openaiList(
  ['llama3.2:latest', 'qwen3:latest', 'deepseek-r1:latest', ...SCENARIO_MODELS.map((m) => `${m}:latest`)],
  'library',
);
export const deepseekModels = openaiList(
  ['deepseek-chat', 'deepseek-reasoner', ...SCENARIO_MODELS],
  'deepseek',
);

const ANTHROPIC_MODELS: [string, string][] = [
  ['claude-opus-4-5-20251101', 'Claude Opus 4.5'],
  ['claude-sonnet-4-5-20250929', 'Claude Sonnet 4.5'],
  ['claude-opus-4-1-20250805', 'Claude Opus 4.1'],
  ['claude-haiku-4-5-20251001', 'Claude Haiku 4.5'],
  ['claude-3-5-haiku-20241022', 'Claude Haiku 3.5'],
  ...SCENARIO_MODELS.map((m): [string, string] => [m, m]),
];

export const anthropicModels: ModelsApi = (() => {
  const entry = (id: string) => ({
    type: 'model',
    id,
    display_name: ANTHROPIC_MODELS.find(([m]) => m === id)?.[1] ?? id,
    created_at: '2025-01-01T00:00:00Z',
  });
  const ids = ANTHROPIC_MODELS.map(([id]) => id);
  return listApi(ids, entry, (data) => ({
    data,
    has_more: false,
    first_id: ids[0],
    last_id: ids[ids.length - 1],
  }));
})();

const GEMINI_MODELS = [
  'gemini-2.5-flash',
  'gemini-2.5-pro',
  'gemini-2.0-flash',
  'gemini-3-pro-preview',
  ...SCENARIO_MODELS,
];

export const geminiModels: ModelsApi = (() => {
  const entry = (id: string) => ({
    id,
    name: `models/${id}`,
    version: '001',
    displayName: id,
    description: id.startsWith('fake-') ? 'Fake provider scenario model' : `Fake stand-in for ${id}`,
    inputTokenLimit: 1048576,
    outputTokenLimit: 65536,
    supportedGenerationMethods: ['generateContent', 'countTokens'],
    temperature: 1,
    maxTemperature: 2,
    topP: 0.95,
    topK: 64,
    thinking: true,
  });
  const api = listApi(GEMINI_MODELS, entry, (models) => ({ models: models.map(({ id: _id, ...m }) => m) }));
  return {
    list: api.list,
    one: (id) => {
      const m = api.one(id.replace(/^models\//, '')) as { id: string } | undefined;
      if (!m) return undefined;
      const { id: _id, ...rest } = m;
      return rest;
    },
  };
})();

/** Azure: deployments live in the control plane; the data plane's list shows these (unverified, §11). */
export const azureModels = openaiList(
  ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'o4-mini', ...SCENARIO_MODELS],
  'system',
);
export const openrouterModels: ModelsApi = listApi(
  [
    'openai/gpt-4o',
    'anthropic/claude-sonnet-4.5',
    'google/gemini-2.5-flash',
    'deepseek/deepseek-r1',
    ...SCENARIO_MODELS,
  ],
  (id) => ({
    id,
    canonical_slug: id,
    name: id,
    created: CREATED,
    description: id.startsWith('fake-') ? 'Fake provider scenario model' : `Fake stand-in for ${id}`,
    context_length: 128000,
    architecture: { modality: 'text->text', input_modalities: ['text'], output_modalities: ['text'] },
    pricing: { prompt: '0.0000025', completion: '0.00001' },
    supported_parameters: ['max_tokens', 'temperature', 'tools', 'reasoning', 'include_reasoning'],
  }),
  (data) => ({ data }),
);
export const groqModels = openaiList(
  ['llama-3.3-70b-versatile', 'openai/gpt-oss-120b', 'qwen/qwen3-32b', ...SCENARIO_MODELS],
  'Meta',
);
export const mistralModels = openaiList(
  ['mistral-large-latest', 'mistral-small-latest', 'magistral-medium-latest', ...SCENARIO_MODELS],
  'mistralai',
);

const BEDROCK_MODELS: [string, string, string][] = [
  ['anthropic.claude-sonnet-4-5-20250929-v1:0', 'Claude Sonnet 4.5', 'Anthropic'],
  ['anthropic.claude-haiku-4-5-20251001-v1:0', 'Claude Haiku 4.5', 'Anthropic'],
  ['anthropic.claude-opus-4-5-20251101-v1:0', 'Claude Opus 4.5', 'Anthropic'],
  ['amazon.nova-pro-v1:0', 'Nova Pro', 'Amazon'],
  ['amazon.nova-lite-v1:0', 'Nova Lite', 'Amazon'],
  ['meta.llama3-3-70b-instruct-v1:0', 'Llama 3.3 70B Instruct', 'Meta'],
  ['mistral.mistral-large-2407-v1:0', 'Mistral Large (24.07)', 'Mistral AI'],
  ...SCENARIO_MODELS.map((m): [string, string, string] => [m, m, 'Fake']),
];

/** Bedrock control plane `GET /foundation-models` (§6 "Models"). */
export const bedrockModels: ModelsApi = (() => {
  const summary = (id: string) => {
    const [, name, providerName] = BEDROCK_MODELS.find(([m]) => m === id) ?? [id, id, 'Fake'];
    return {
      modelArn: `arn:aws:bedrock:us-east-1::foundation-model/${id}`,
      modelId: id,
      modelName: name,
      providerName,
      inputModalities: providerName === 'Anthropic' ? ['TEXT', 'IMAGE'] : ['TEXT'],
      outputModalities: ['TEXT'],
      responseStreamingSupported: true,
      customizationsSupported: [],
      // Claude 4.x on Bedrock is reachable only through inference profiles (`us.anthropic.…`).
      inferenceTypesSupported: providerName === 'Anthropic' ? ['INFERENCE_PROFILE'] : ['ON_DEMAND'],
      modelLifecycle: { status: 'ACTIVE' },
    };
  };
  const ids = BEDROCK_MODELS.map(([id]) => id);
  return {
    list: () => ({ modelSummaries: ids.map(summary) }),
    one: (id) => (ids.includes(id) ? { modelDetails: summary(id) } : undefined),
  };
})();

/** Vertex Model Garden `GET …/publishers/google/models` (a small subset of its fields). */
export const vertexModels: ModelsApi = (() => {
  const entry = (id: string) => ({
    name: `publishers/google/models/${id}`,
    versionId: '001',
    openSourceCategory: 'PROPRIETARY',
    launchStage: 'GA',
    publisherModelTemplate: `projects/{project}/locations/{location}/publishers/google/models/${id}`,
  });
  return {
    list: () => ({ publisherModels: GEMINI_MODELS.map(entry) }),
    one: (id) => (GEMINI_MODELS.includes(id) ? entry(id) : undefined),
  };
})();

/** Gemini 3 models sign their calls (thoughtSignature) and want the signature back with them. */
export const geminiSignsCalls = (model: string) => /^gemini-3/.test(model);
