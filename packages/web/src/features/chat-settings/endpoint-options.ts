import type { EndpointsConfig, ModelsConfig } from '@parley/schema';
import { endpointLabel } from '../../lib/endpoint-label.ts';
import type { ModelChoice } from './model-selection.ts';

export type EndpointOption = {
  name: string;
  label: string;
  /** 'custom' for custom endpoints; sent as endpointType. */
  type?: string;
  iconURL?: string;
  /** The user supplies their own key (doc 3 §3). */
  userProvide?: boolean;
  userProvideURL?: boolean;
  /** A custom endpoint's wire family (`anthropic`), for its parameters. */
  provider?: string;
  /** Bedrock regions a request may choose. */
  regions?: string[];
  models: string[];
};

/** Endpoints in their configured order, each with its models. */
export function buildEndpointOptions(
  endpoints: EndpointsConfig | undefined,
  models: ModelsConfig | undefined,
): EndpointOption[] {
  if (!endpoints) return [];
  return Object.entries(endpoints)
    .sort(([a, x], [b, y]) => (x.order ?? 0) - (y.order ?? 0) || a.localeCompare(b))
    .map(([name, config]) => ({
      name,
      label: endpointLabel(name, config),
      type: config.type,
      iconURL: config.iconURL,
      userProvide: config.userProvide,
      userProvideURL: config.userProvideURL,
      provider: config.provider,
      regions: config.availableRegions,
      models: models?.[name] ?? [],
    }));
}

/**
 * The model to use: the stored choice while it is still offered, else the first endpoint's first
 * model (doc 3 §3 selectedModel).
 */
export function resolveChoice(
  options: readonly EndpointOption[],
  stored: ModelChoice | null,
): ModelChoice | null {
  if (stored) {
    const endpoint = options.find((o) => o.name === stored.endpoint);
    if (endpoint?.models.includes(stored.model)) return stored;
  }
  const first = options.find((o) => o.models.length > 0);
  return first ? { endpoint: first.name, model: first.models[0] } : null;
}

/** Case-insensitive filter over model names and endpoint labels. */
export function filterOptions(options: readonly EndpointOption[], query: string): EndpointOption[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...options];
  return options
    .map((o) => ({
      ...o,
      models: o.label.toLowerCase().includes(q)
        ? o.models
        : o.models.filter((m) => m.toLowerCase().includes(q)),
    }))
    .filter((o) => o.models.length > 0);
}
