import {
  type Agent,
  type AgentCreateBody,
  type AgentList,
  type AgentListQuery,
  type AgentUpdateBody,
  type AvailableTool,
  paths,
} from '@parley/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { useAuthedQuery } from './query-client.ts';

/**
 * The agents API (issue 15). Shared by the builder, the model selector, the landing and the
 * gallery; each adds its own hooks here rather than spelling paths.
 */
export const agentKeys = {
  all: ['agents'] as const,
  list: (query: Partial<AgentListQuery>) => ['agents', 'list', query] as const,
  one: (id: string) => ['agents', 'one', id] as const,
  tools: ['agents', 'tools'] as const,
};

/** Agents and assistants stale time (doc 1 §9: 5 s). */
export const AGENTS_STALE_MS = 5_000;

function listPath(query: Partial<AgentListQuery>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${paths.agents}?${qs}` : paths.agents;
}

/** The agents the user may use (own and shared), filtered as asked. */
export function useAgents(query: Partial<AgentListQuery> = {}, enabled = true) {
  return useAuthedQuery({
    queryKey: agentKeys.list(query),
    queryFn: ({ signal }) => apiRequest<AgentList>(listPath(query), { signal }),
    staleTime: AGENTS_STALE_MS,
    enabled,
  });
}

export function useAgent(id: string | null | undefined) {
  return useAuthedQuery({
    queryKey: agentKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiRequest<Agent>(paths.agent(id!), { signal }),
    staleTime: AGENTS_STALE_MS,
    enabled: Boolean(id),
  });
}

/** Tools the builder offers (built-ins now; actions and MCP tools later). */
export function useAgentTools(enabled = true) {
  return useAuthedQuery({
    queryKey: agentKeys.tools,
    queryFn: ({ signal }) => apiRequest<AvailableTool[]>(paths.agentTools, { signal }),
    staleTime: AGENTS_STALE_MS,
    enabled,
  });
}

export function useCreateAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentCreateBody) => apiRequest<Agent>(paths.agents, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

export function useUpdateAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AgentUpdateBody }) =>
      apiRequest<Agent>(paths.agent(id), { method: 'PATCH', body }),
    onSettled: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

export function useDeleteAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(paths.agent(id), { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
