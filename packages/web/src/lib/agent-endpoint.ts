import type { EndpointsConfig } from '@parley/schema';

/**
 * What the endpoints config says about agents (GET /api/endpoints' `agents` entry: capabilities,
 * disableBuilder, allowedProviders). Read loosely: the entry is only there for users with AGENTS
 * USE, and its extra fields are optional. Shared by the gallery's import and the assistant builder.
 */
export type AgentsEntry = { capabilities?: unknown; disableBuilder?: unknown; allowedProviders?: unknown };

/** Endpoints an agent cannot run on (doc 3 §9: the provider list excludes these). */
const NOT_PROVIDERS = new Set(['agents', 'assistants', 'azureAssistants', 'chatGPTBrowser', 'gptPlugins']);
/** Assistants ran on OpenAI; an assistant (and an import) runs there when it is offered. */
export const ASSISTANTS_PROVIDER = 'openAI';

export const agentsEntry = (endpoints: EndpointsConfig | undefined): AgentsEntry | undefined =>
  endpoints?.agents as AgentsEntry | undefined;

/** Whether the server offers the agents endpoint to this user. */
export const agentsOffered = (endpoints: EndpointsConfig | undefined): boolean => !!agentsEntry(endpoints);

export const agentsBuilderDisabled = (endpoints: EndpointsConfig | undefined): boolean =>
  agentsEntry(endpoints)?.disableBuilder === true;

/** Endpoints an agent may run on, in menu order, filtered by `allowedProviders` when set. */
export function agentProviders(endpoints: EndpointsConfig | undefined): string[] {
  if (!endpoints) return [];
  const allowed = agentsEntry(endpoints)?.allowedProviders;
  const only = Array.isArray(allowed) && allowed.length > 0 ? new Set(allowed) : null;
  return Object.entries(endpoints)
    .filter(([name]) => !NOT_PROVIDERS.has(name) && (!only || only.has(name)))
    .sort(([, a], [, b]) => a.order - b.order)
    .map(([name]) => name);
}

/** OpenAI when offered, else the first allowed provider (the assistants' home, issue 15). */
export function defaultAssistantProvider(providers: readonly string[]): string | null {
  return providers.includes(ASSISTANTS_PROVIDER) ? ASSISTANTS_PROVIDER : (providers[0] ?? null);
}
