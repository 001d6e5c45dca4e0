import type { ModelsConfig } from '@parley/schema';
import type { EndpointDef } from './catalog.ts';

/** How long a fetched model list is reused (value not shown in the spec). */
export const MODEL_LIST_TTL_MS = 10 * 60 * 1000;
const FETCH_TIMEOUT_MS = 5000;

/**
 * Model lists for GET /api/models: the configured defaults plus, for endpoints with
 * `models.fetch`, what `GET {baseURL}/models` reports (cached; a failure keeps the defaults).
 */
export function modelLists(catalog: EndpointDef[], log: { warn(obj: unknown, msg?: string): void }) {
  const cache = new Map<string, { at: number; models: string[] }>();

  async function fetchModels(e: EndpointDef): Promise<string[]> {
    const hit = cache.get(e.name);
    if (hit && Date.now() - hit.at < MODEL_LIST_TTL_MS) return hit.models;
    try {
      const res = await fetch(`${e.baseURL!.replace(/\/+$/, '')}/models`, {
        headers: { authorization: `Bearer ${e.apiKey}`, ...e.headers },
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const body = (await res.json()) as { data?: { id?: unknown }[] };
      const models = (body.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string');
      cache.set(e.name, { at: Date.now(), models });
      return models;
    } catch (error) {
      log.warn(
        { endpoint: e.name, err: (error as Error).message },
        'model list fetch failed; using the defaults',
      );
      return [];
    }
  }

  return {
    async get(): Promise<ModelsConfig> {
      const entries = await Promise.all(
        catalog.map(async (e) => {
          // A user's own key or URL is not ours to use for listing: keep the configured defaults.
          const fetched = e.fetchModels && !e.userProvide && !e.userProvideURL ? await fetchModels(e) : [];
          return [e.name, [...new Set([...e.models, ...fetched])]];
        }),
      );
      return Object.fromEntries(entries);
    },
  };
}
