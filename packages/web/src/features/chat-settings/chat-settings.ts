import {
  type Conversation,
  type ModelParameters,
  type ModelSpec,
  type ModelSpecsConfig,
  type Preset,
  pickModelParameters,
} from '@parley/schema';
import type { ChatSettings } from '../../lib/chat-settings.ts';
import type { EndpointOption } from './endpoint-options.ts';
import type { ModelChoice } from './model-selection.ts';

/** The simple picker's tiers (doc 3 §4): all on the openAI endpoint; Balanced is the default. */
export const SIMPLE_TIERS = [
  { id: 'economical', model: 'gpt-3.5-turbo' },
  { id: 'balanced', model: 'gpt-4' },
  { id: 'advanced', model: 'gpt-4o' },
] as const;
export const SIMPLE_ENDPOINT = 'openAI';
export const SIMPLE_DEFAULT_MODEL = 'gpt-4';

/** The tiers the openAI endpoint offers; empty when the simple picker cannot be used. */
export function availableTiers(options: readonly EndpointOption[]) {
  const openAI = options.find((o) => o.name === SIMPLE_ENDPOINT);
  return SIMPLE_TIERS.filter((tier) => openAI?.models.includes(tier.model));
}

export function settingsFromSpec(spec: ModelSpec, options: readonly EndpointOption[]): ChatSettings {
  const { endpoint, model } = spec.preset;
  const fallback = options.find((o) => o.name === endpoint)?.models[0] ?? '';
  return {
    endpoint,
    model: model ?? fallback,
    spec: spec.name,
    params: pickModelParameters(spec.preset) as Partial<ModelParameters>,
  };
}

export function settingsFromPreset(preset: Preset): ChatSettings | null {
  if (!preset.endpoint) return null;
  return {
    endpoint: preset.endpoint,
    model: preset.model ?? '',
    spec: preset.spec ?? null,
    params: pickModelParameters(preset) as Partial<ModelParameters>,
  };
}

/** The endpoint agents run on (doc 3 §2: the model selector's nested agent lists). */
export const AGENTS_ENDPOINT = 'agents';

/**
 * A chat with an agent: endpoint agents and its id. The model is the agent's (the server runs the
 * agent's provider and model); until the agent is loaded its id stands in, since a send needs one.
 */
export function settingsForAgent(agent: { id: string; model?: string | null }): ChatSettings {
  return {
    endpoint: AGENTS_ENDPOINT,
    model: agent.model || agent.id,
    agent_id: agent.id,
    spec: null,
    params: {},
  };
}

export function settingsFromConvo(convo: Conversation): ChatSettings | null {
  if (convo.agent_id) return settingsForAgent({ id: convo.agent_id, model: convo.model });
  if (!convo.endpoint || !convo.model) return null;
  return {
    endpoint: convo.endpoint,
    model: convo.model,
    spec: convo.spec ?? null,
    params: pickModelParameters(convo.parameters ?? {}) as Partial<ModelParameters>,
  };
}

function offered(options: readonly EndpointOption[], endpoint: string, model: string): boolean {
  return !!options.find((o) => o.name === endpoint)?.models.includes(model);
}

/**
 * The settings a new chat starts with (doc 3 §3): the default model spec when specs are
 * prioritized or nothing was chosen before; else the last choice; else the first offered model.
 * With `enforce`, only specs are allowed.
 */
export function initialSettings(
  options: readonly EndpointOption[],
  specs: ModelSpecsConfig | undefined,
  stored: ModelChoice | null,
  simple: boolean,
): ChatSettings | null {
  const list = specs?.list ?? [];
  const storedSpec = stored?.spec ? list.find((s) => s.name === stored.spec) : undefined;
  const defaultSpec = list.find((s) => s.default) ?? (specs?.enforce ? list[0] : undefined);
  if (defaultSpec && (specs?.prioritize || !stored || specs?.enforce) && !storedSpec)
    return settingsFromSpec(defaultSpec, options);
  if (storedSpec) return settingsFromSpec(storedSpec, options);
  if (simple) {
    const tiers = availableTiers(options);
    if (tiers.length > 0) {
      const model =
        stored?.endpoint === SIMPLE_ENDPOINT && tiers.some((t) => t.model === stored.model)
          ? stored.model
          : (tiers.find((t) => t.model === SIMPLE_DEFAULT_MODEL) ?? tiers[0]).model;
      return { endpoint: SIMPLE_ENDPOINT, model, params: {} };
    }
  }
  if (stored && offered(options, stored.endpoint, stored.model))
    return { endpoint: stored.endpoint, model: stored.model, params: {} };
  const first = options.find((o) => o.models.length > 0);
  return first ? { endpoint: first.name, model: first.models[0], params: {} } : null;
}

/**
 * Settings still usable with what the server offers now: an unknown spec or endpoint falls back
 * to `fallback`; a model no longer listed falls back to the endpoint's first model.
 */
export function usableSettings(
  settings: ChatSettings | null,
  options: readonly EndpointOption[],
  specs: ModelSpecsConfig | undefined,
  fallback: () => ChatSettings | null,
): ChatSettings | null {
  if (!settings) return fallback();
  // An agent chat needs the agents endpoint, not a model list: agents carry their own model.
  if (settings.agent_id) return options.some((o) => o.name === AGENTS_ENDPOINT) ? settings : fallback();
  if (settings.spec) {
    const spec = specs?.list.find((s) => s.name === settings.spec);
    if (!spec) return fallback();
    return settings;
  }
  if (specs?.enforce) return fallback();
  const endpoint = options.find((o) => o.name === settings.endpoint);
  if (!endpoint || endpoint.models.length === 0) return fallback();
  if (endpoint.models.includes(settings.model)) return settings;
  return { ...settings, model: endpoint.models[0] };
}

/**
 * Switching models keeps the parameters while the endpoint stays the same (they mean the same
 * thing there); another endpoint starts from its defaults.
 */
export function switchModel(current: ChatSettings | null, endpoint: string, model: string): ChatSettings {
  const sameEndpoint = current && !current.spec && current.endpoint === endpoint;
  return { endpoint, model, spec: null, params: sameEndpoint ? current.params : {} };
}

/** The endpoint's type travels with the settings: the server routes a custom endpoint by it. */
export function withEndpointType(settings: ChatSettings, options: readonly EndpointOption[]): ChatSettings {
  const endpointType = options.find((o) => o.name === settings.endpoint)?.type;
  return endpointType === settings.endpointType ? settings : { ...settings, endpointType };
}

/** The parameters a spec fixes: the server applies them whatever the request says. */
export function specFixedKeys(specs: ModelSpecsConfig | undefined, name: string | null | undefined) {
  const spec = name ? specs?.list.find((s) => s.name === name) : undefined;
  return new Set(spec ? Object.keys(pickModelParameters(spec.preset)) : []);
}

/** Drop unset values so an emptied field returns to the provider's default. */
export function patchParams(
  params: Partial<ModelParameters>,
  patch: Partial<ModelParameters>,
): Partial<ModelParameters> {
  const next: Record<string, unknown> = { ...params, ...patch };
  for (const key of Object.keys(next)) {
    const value = next[key];
    if (value === undefined || value === null || value === '') delete next[key];
  }
  return next as Partial<ModelParameters>;
}
