import type { ModelParameters } from './endpoints.ts';

/**
 * What the model parameters panel shows per endpoint (doc 2 §5.7). Pure data: the web client
 * renders it; the server reads only the defaults it applies itself (ANTHROPIC_MAX_TOKENS,
 * DEFAULT_THINKING_BUDGET). Values the spec leaves open ("values not shown") are named here so
 * they can be tuned in one place.
 */

/** Spec constants (doc 2 §5.7). */
export const STOP_SEQUENCES_MAX = 4;
export const STOP_SEQUENCES_MIN = 0;
export const SLIDER_DEBOUNCE_MS = 450;
/** A dropdown shows a search box only when it has more than this many options. */
export const DROPDOWN_SEARCH_THRESHOLD = 10;
export const REASONING_EFFORTS = ['low', 'medium', 'high'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];
/** Not shown yet: no file inputs exist. */
export const IMAGE_DETAILS = ['low', 'auto', 'high'] as const;
export type ImageDetail = (typeof IMAGE_DETAILS)[number];

/** Same cap as ModelParameters.promptPrefix. */
export const PROMPT_PREFIX_MAX = 100_000;

export interface SliderRange {
  min: number;
  max: number;
  step: number;
  default: number;
}

/** OpenAI, Azure and OpenAI-compatible endpoints (OpenAI's documented ranges). */
export const OPENAI_RANGES = {
  temperature: { min: 0, max: 2, step: 0.01, default: 1 },
  top_p: { min: 0, max: 1, step: 0.01, default: 1 },
  frequency_penalty: { min: -2, max: 2, step: 0.01, default: 0 },
  presence_penalty: { min: -2, max: 2, step: 0.01, default: 0 },
} as const satisfies Record<string, SliderRange>;

/** Anthropic's API requires max_tokens: sent when the request names none. */
export const ANTHROPIC_MAX_TOKENS = 8192;
/** The thinking budget when thinking is on without one (Anthropic, Bedrock). */
export const DEFAULT_THINKING_BUDGET = 2048;

/** Anthropic, directly or through a custom endpoint with `provider: anthropic`. */
export const ANTHROPIC_RANGES = {
  temperature: { min: 0, max: 1, step: 0.01, default: 1 },
  top_p: { min: 0, max: 1, step: 0.01, default: 0.999 },
  /** 0 means no top-k cutoff: the API's behaviour when top_k is absent. */
  topK: { min: 0, max: 500, step: 1, default: 0 },
  maxOutputTokens: { min: 1, max: 64_000, step: 1, default: ANTHROPIC_MAX_TOKENS },
  thinkingBudget: { min: 1024, max: 32_000, step: 1, default: DEFAULT_THINKING_BUDGET },
} as const satisfies Record<string, SliderRange>;

/** Gemini and Vertex AI. */
export const GOOGLE_RANGES = {
  temperature: { min: 0, max: 2, step: 0.01, default: 1 },
  top_p: { min: 0, max: 1, step: 0.01, default: 0.95 },
  topK: { min: 1, max: 40, step: 1, default: 40 },
  maxOutputTokens: { min: 1, max: 65_536, step: 1, default: 8192 },
} as const satisfies Record<string, SliderRange>;
/** Gemini's thinking budget: blank lets the model decide (dynamic thinking). */
export const GOOGLE_THINKING_BUDGET = { min: 1024, max: 32_768, step: 1 } as const;

export type BedrockProvider =
  | 'anthropic'
  | 'mistral'
  | 'cohere'
  | 'meta'
  | 'ai21'
  | 'amazon'
  | 'deepseek'
  | 'other';

const BEDROCK_PROVIDERS: readonly BedrockProvider[] = [
  'anthropic',
  'mistral',
  'cohere',
  'meta',
  'ai21',
  'amazon',
  'deepseek',
];

/** Bedrock temperature is 0 to 1 for every provider (doc 2 §5.7). */
export const BEDROCK_TEMPERATURE = { min: 0, max: 1, step: 0.01 } as const;
export const BEDROCK_TOP_P = { min: 0, max: 1, step: 0.01 } as const;
export const BEDROCK_COHERE_TOP_P = { min: 0.01, max: 0.99, step: 0.01 } as const;
export const BEDROCK_TOP_K = ANTHROPIC_RANGES.topK;
export const BEDROCK_MAX_OUTPUT_TOKENS_MIN = 1;

/** Per-provider defaults (doc 2 §5.7; Mistral's topP and the `other` row are not in the spec). */
export const BEDROCK_DEFAULTS: Record<BedrockProvider, { temperature: number; top_p: number }> = {
  anthropic: { temperature: 1, top_p: 0.999 },
  mistral: { temperature: 0.7, top_p: 1 },
  cohere: { temperature: 0.3, top_p: 0.75 },
  meta: { temperature: 0.5, top_p: 0.9 },
  ai21: { temperature: 0.5, top_p: 0.9 },
  amazon: { temperature: 0.5, top_p: 0.9 },
  deepseek: { temperature: 0.5, top_p: 0.9 },
  other: { temperature: 0.5, top_p: 0.9 },
};

export const MAX_TOKENS_MIN = 1;
export const MAX_CONTEXT_TOKENS_MIN = 1;

type KeysOfType<T> = {
  [K in keyof ModelParameters]-?: NonNullable<ModelParameters[K]> extends T ? K : never;
}[keyof ModelParameters];

export type NumericParameterKey = KeysOfType<number>;
export type BooleanParameterKey = KeysOfType<boolean>;
export type StringParameterKey = KeysOfType<string>;

interface SettingBase {
  /** i18n key of the label. */
  labelKey: string;
  /** i18n key of a short hint under the label. */
  descriptionKey?: string;
}

export interface SliderSetting extends SettingBase, SliderRange {
  component: 'slider';
  key: NumericParameterKey;
}

/** A free number; blank means unset (the provider or server decides). */
export interface NumberSetting extends SettingBase {
  component: 'number';
  key: NumericParameterKey;
  min?: number;
  max?: number;
  step: number;
  default?: number;
}

export interface SwitchSetting extends SettingBase {
  component: 'switch';
  key: BooleanParameterKey;
  default: boolean;
}

export interface DropdownOption {
  value: string;
  /** i18n key; without one the value itself is shown (e.g. AWS region names). */
  labelKey?: string;
}

export interface DropdownSetting extends SettingBase {
  component: 'dropdown';
  /** promptPrefix is free text (a textarea), never a choice. */
  key: Exclude<StringParameterKey, 'promptPrefix'>;
  options: DropdownOption[];
  /** Absent: unset means the provider's default, shown as a "Default" choice. */
  default?: string;
}

export interface TagsSetting extends SettingBase {
  component: 'tags';
  key: 'stop';
  minTags: number;
  maxTags: number;
  placeholderKey?: string;
}

export interface TextareaSetting extends SettingBase {
  component: 'textarea';
  key: 'promptPrefix';
  maxLength: number;
  placeholderKey?: string;
}

export type ParameterSetting =
  | SliderSetting
  | NumberSetting
  | SwitchSetting
  | DropdownSetting
  | TagsSetting
  | TextareaSetting;

export type ParameterComponent = ParameterSetting['component'];

/** Same names as the server's provider families; `custom` is OpenAI-compatible. */
export type ParameterFamily = 'openai' | 'azure' | 'custom' | 'anthropic' | 'google' | 'bedrock';

export interface ParameterSettingsInput {
  /** Endpoint name (openAI, azureOpenAI, anthropic, google, bedrock, or a custom name). */
  endpoint: string;
  /** EndpointConfig.type: 'custom' for custom endpoints. */
  endpointType?: string;
  /** EndpointConfig.provider: a custom endpoint with `provider: anthropic` speaks Anthropic. */
  provider?: string;
  /** Overrides the family derived from the other fields. */
  family?: ParameterFamily;
  model: string;
  /** Bedrock: the endpoint's available regions. */
  regions?: string[];
}

const BUILT_IN_FAMILIES: Record<string, ParameterFamily> = {
  openAI: 'openai',
  azureOpenAI: 'azure',
  anthropic: 'anthropic',
  google: 'google',
  bedrock: 'bedrock',
};

/** Endpoints without per-request model parameters (agents carry their own). */
const NO_PARAMETERS = new Set(['agents', 'assistants', 'azureAssistants']);

export function parameterFamily(input: Omit<ParameterSettingsInput, 'model'>): ParameterFamily | null {
  if (input.family) return input.family;
  if (input.endpointType === 'custom') return input.provider === 'anthropic' ? 'anthropic' : 'custom';
  if (NO_PARAMETERS.has(input.endpoint)) return null;
  return BUILT_IN_FAMILIES[input.endpoint] ?? 'custom';
}

/** o1/o3/o4 and gpt-5 models take reasoning_effort; a vendor prefix (`openai/o3`) is allowed. */
const REASONING_MODEL = /(^|[/:.])(o[134](-|$)|gpt-5)/i;

export function isReasoningModel(model: string): boolean {
  return REASONING_MODEL.test(model);
}

/**
 * The provider behind a Bedrock model id: `anthropic.claude-…`, or an inference profile with a
 * geography prefix such as `us.anthropic.claude-…` or `global.anthropic.…`.
 */
export function bedrockProvider(model: string): BedrockProvider {
  const parts = model.toLowerCase().split('.');
  for (const part of parts.slice(0, 2)) {
    const found = BEDROCK_PROVIDERS.find((p) => p === part);
    if (found) return found;
  }
  return 'other';
}

const slider = (
  key: NumericParameterKey,
  labelKey: string,
  range: SliderRange,
  descriptionKey?: string,
): SliderSetting => ({ component: 'slider', key, labelKey, descriptionKey, ...range });

const promptPrefix: TextareaSetting = {
  component: 'textarea',
  key: 'promptPrefix',
  labelKey: 'com_param_prompt_prefix',
  descriptionKey: 'com_param_prompt_prefix_info',
  placeholderKey: 'com_param_prompt_prefix_placeholder',
  maxLength: PROMPT_PREFIX_MAX,
};

const stop: TagsSetting = {
  component: 'tags',
  key: 'stop',
  labelKey: 'com_param_stop',
  descriptionKey: 'com_param_stop_info',
  placeholderKey: 'com_param_stop_placeholder',
  minTags: STOP_SEQUENCES_MIN,
  maxTags: STOP_SEQUENCES_MAX,
};

const maxContextTokens: NumberSetting = {
  component: 'number',
  key: 'maxContextTokens',
  labelKey: 'com_param_max_context_tokens',
  descriptionKey: 'com_param_max_context_tokens_info',
  min: MAX_CONTEXT_TOKENS_MIN,
  step: 1,
};

const thinking: SwitchSetting = {
  component: 'switch',
  key: 'thinking',
  labelKey: 'com_param_thinking',
  descriptionKey: 'com_param_thinking_info',
  default: false,
};

const temperatureInfo = 'com_param_temperature_info';
const topPInfo = 'com_param_top_p_info';
const topKInfo = 'com_param_top_k_info';
const thinkingBudgetInfo = 'com_param_thinking_budget_info';

function openAISettings(family: ParameterFamily, model: string): ParameterSetting[] {
  const r = OPENAI_RANGES;
  const list: ParameterSetting[] = [
    promptPrefix,
    slider('temperature', 'com_param_temperature', r.temperature, temperatureInfo),
    slider('top_p', 'com_param_top_p', r.top_p, topPInfo),
    slider('frequency_penalty', 'com_param_frequency_penalty', r.frequency_penalty),
    slider('presence_penalty', 'com_param_presence_penalty', r.presence_penalty),
    {
      component: 'number',
      key: 'max_tokens',
      labelKey: 'com_param_max_tokens',
      descriptionKey: 'com_param_max_tokens_info',
      min: MAX_TOKENS_MIN,
      step: 1,
    },
    stop,
  ];
  if (isReasoningModel(model)) {
    list.push({
      component: 'dropdown',
      key: 'reasoning_effort',
      labelKey: 'com_param_reasoning_effort',
      descriptionKey: 'com_param_reasoning_effort_info',
      options: REASONING_EFFORTS.map((value) => ({ value, labelKey: `com_param_reasoning_effort_${value}` })),
    });
  }
  if (family === 'openai' || family === 'azure') {
    list.push({
      component: 'switch',
      key: 'useResponsesApi',
      labelKey: 'com_param_use_responses_api',
      descriptionKey: 'com_param_use_responses_api_info',
      default: false,
    });
  }
  list.push(maxContextTokens);
  return list;
}

function anthropicSettings(): ParameterSetting[] {
  const r = ANTHROPIC_RANGES;
  return [
    promptPrefix,
    slider('temperature', 'com_param_temperature', r.temperature, temperatureInfo),
    slider('top_p', 'com_param_top_p', r.top_p, topPInfo),
    slider('topK', 'com_param_top_k', r.topK, topKInfo),
    slider('maxOutputTokens', 'com_param_max_output_tokens', r.maxOutputTokens),
    stop,
    thinking,
    slider('thinkingBudget', 'com_param_thinking_budget', r.thinkingBudget, thinkingBudgetInfo),
    maxContextTokens,
  ];
}

function googleSettings(): ParameterSetting[] {
  const r = GOOGLE_RANGES;
  return [
    promptPrefix,
    slider('temperature', 'com_param_temperature', r.temperature, temperatureInfo),
    slider('top_p', 'com_param_top_p', r.top_p, topPInfo),
    slider('topK', 'com_param_top_k', r.topK, topKInfo),
    slider('maxOutputTokens', 'com_param_max_output_tokens', r.maxOutputTokens),
    stop,
    thinking,
    {
      component: 'number',
      key: 'thinkingBudget',
      labelKey: 'com_param_thinking_budget',
      descriptionKey: 'com_param_thinking_budget_google_info',
      ...GOOGLE_THINKING_BUDGET,
    },
    maxContextTokens,
  ];
}

function bedrockSettings(model: string, regions: string[]): ParameterSetting[] {
  const provider = bedrockProvider(model);
  const defaults = BEDROCK_DEFAULTS[provider];
  const topP = provider === 'cohere' ? BEDROCK_COHERE_TOP_P : BEDROCK_TOP_P;
  const list: ParameterSetting[] = [
    promptPrefix,
    slider(
      'temperature',
      'com_param_temperature',
      { ...BEDROCK_TEMPERATURE, default: defaults.temperature },
      temperatureInfo,
    ),
    slider('top_p', 'com_param_top_p', { ...topP, default: defaults.top_p }, topPInfo),
  ];
  if (provider === 'anthropic') list.push(slider('topK', 'com_param_top_k', BEDROCK_TOP_K, topKInfo));
  list.push(
    {
      component: 'number',
      key: 'maxOutputTokens',
      labelKey: 'com_param_max_output_tokens',
      descriptionKey: 'com_param_max_tokens_info',
      min: BEDROCK_MAX_OUTPUT_TOKENS_MIN,
      step: 1,
    },
    stop,
  );
  if (provider === 'anthropic') {
    list.push(
      thinking,
      slider(
        'thinkingBudget',
        'com_param_thinking_budget',
        ANTHROPIC_RANGES.thinkingBudget,
        thinkingBudgetInfo,
      ),
    );
  }
  if (regions.length >= 2) {
    list.push({
      component: 'dropdown',
      key: 'region',
      labelKey: 'com_param_region',
      options: regions.map((value) => ({ value })),
    });
  }
  list.push(maxContextTokens);
  return list;
}

/** The settings the panel shows for one endpoint and model, in display order. */
export function parameterSettings(input: ParameterSettingsInput): ParameterSetting[] {
  const family = parameterFamily(input);
  switch (family) {
    case null:
      return [];
    case 'anthropic':
      return anthropicSettings();
    case 'google':
      return googleSettings();
    case 'bedrock':
      return bedrockSettings(input.model, input.regions ?? []);
    default:
      return openAISettings(family, input.model);
  }
}

/** The value the panel shows when the user has not set one. */
export function settingDefault(setting: ParameterSetting): number | boolean | string | string[] | undefined {
  switch (setting.component) {
    case 'tags':
      return [];
    case 'textarea':
      return '';
    default:
      return setting.default;
  }
}
