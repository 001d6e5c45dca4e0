import { ModelParameters, type ModelSpecsConfig } from '@parley/schema';
import type { ChatSettings } from '../../../lib/chat-settings.ts';
import { AGENTS_ENDPOINT, settingsForAgent, settingsFromSpec } from '../chat-settings.ts';
import type { EndpointOption } from '../endpoint-options.ts';

/**
 * Checks URL settings against the setting schema and what the server offers (doc 1 §2). Loaded
 * only when a link carries settings, so the schema library stays out of the main bundle.
 */
export function resolveUrlSettings(
  settings: Record<string, unknown>,
  ctx: { options: readonly EndpointOption[]; specs?: ModelSpecsConfig; current: ChatSettings | null },
): { next: ChatSettings | null; dropped: string[] } {
  const dropped: string[] = [];
  const text = (key: string) => (typeof settings[key] === 'string' ? (settings[key] as string) : undefined);
  const findEndpoint = (name: string) =>
    ctx.options.find((o) => o.name === name) ??
    ctx.options.find((o) => o.name.toLowerCase() === name.toLowerCase());

  // An agent or assistant forces its endpoint, when the server offers it.
  for (const [key, endpoint] of [
    ['agent_id', AGENTS_ENDPOINT],
    ['assistant_id', 'assistants'],
  ] as const) {
    if (settings[key] !== undefined && !findEndpoint(endpoint)) dropped.push(key);
  }
  const agentId = text('agent_id');
  const agent = agentId && findEndpoint(AGENTS_ENDPOINT) ? settingsForAgent({ id: agentId }) : null;

  let base: ChatSettings | null = null;
  const specName = text('spec');
  if (specName !== undefined) {
    const spec = ctx.specs?.list.find((s) => s.name.toLowerCase() === specName.toLowerCase());
    if (spec) base = settingsFromSpec(spec, ctx.options);
    else dropped.push('spec');
  }

  const endpointName = text('endpoint');
  const endpoint = endpointName !== undefined ? findEndpoint(endpointName) : undefined;
  if (endpointName !== undefined && (!endpoint || endpoint.models.length === 0)) dropped.push('endpoint');

  const model = text('model');
  if (!base && model !== undefined) {
    const home =
      endpoint ??
      ctx.options.find((o) => o.name === ctx.current?.endpoint && o.models.includes(model)) ??
      ctx.options.find((o) => o.models.includes(model));
    if (home?.models.includes(model)) base = { endpoint: home.name, model, params: {} };
    else dropped.push('model');
  }
  if (!base && endpoint && endpoint.models.length > 0)
    base = { endpoint: endpoint.name, model: endpoint.models[0], params: {} };
  if (base && ctx.current && !base.spec && base.endpoint === ctx.current.endpoint && !ctx.current.spec)
    base = { ...base, params: ctx.current.params };
  // doc 1 §2: an agent_id forces the agents endpoint, whatever endpoint or model came with it.
  if (agent) base = agent;
  if (ctx.specs?.enforce && base && !base.spec && !base.agent_id) {
    dropped.push(...(['endpoint', 'model'] as const).filter((k) => settings[k] !== undefined));
    base = null;
  }

  const params: Record<string, unknown> = {};
  const shape = ModelParameters.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
  for (const [key, value] of Object.entries(settings)) {
    if (!(key in shape)) continue;
    if (shape[key].safeParse(value).success) params[key] = value;
    else dropped.push(key);
  }

  const target = base ?? ctx.current;
  if (!target) return { next: null, dropped };
  if (!base && Object.keys(params).length === 0) return { next: null, dropped };
  return { next: { ...target, params: { ...target.params, ...params } }, dropped };
}
