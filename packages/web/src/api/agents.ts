import {
  type Agent,
  type AgentCreateBody,
  type AgentList,
  type AgentListQuery,
  type AgentToolResource,
  type AgentUpdateBody,
  type AgentUsage,
  type AgentVersion,
  type AvailableTool,
  type FileObject,
  paths,
} from '@parley/schema';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { uuid } from '../lib/uuid.ts';
import { apiRequest } from './client.ts';
import { useAuthedInfiniteQuery, useAuthedQuery } from './query-client.ts';

/**
 * The agents API (issue 15). Shared by the builder, the model selector, the landing and the
 * gallery; each adds its own hooks here rather than spelling paths.
 */
export const agentKeys = {
  all: ['agents'] as const,
  list: (query: Partial<AgentListQuery>) => ['agents', 'list', query] as const,
  one: (id: string) => ['agents', 'one', id] as const,
  tools: ['agents', 'tools'] as const,
  versions: (id: string) => ['agents', 'versions', id] as const,
  usage: (id: string) => ['agents', 'usage', id] as const,
  files: (id: string) => ['agents', 'files', id] as const,
  categories: ['agents', 'categories'] as const,
  toolAuth: (toolId: string) => ['agents', 'tool-auth', toolId] as const,
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

export const agentQuery = (id: string) =>
  queryOptions({
    queryKey: agentKeys.one(id),
    queryFn: ({ signal }) => apiRequest<Agent>(paths.agent(id), { signal }),
    staleTime: AGENTS_STALE_MS,
  });

export function useAgent(id: string | null | undefined) {
  return useAuthedQuery({ ...agentQuery(id ?? ''), enabled: Boolean(id) });
}

export const agentToolsQuery = queryOptions({
  queryKey: agentKeys.tools,
  queryFn: ({ signal }) => apiRequest<AvailableTool[]>(paths.agentTools, { signal }),
  staleTime: AGENTS_STALE_MS,
});

/** Tools the builder offers (built-ins now; actions and MCP tools later). */
export function useAgentTools(enabled = true) {
  return useAuthedQuery({ ...agentToolsQuery, enabled });
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

/** POST /:id/duplicate (author only): the copy and its actions. */
export function useDuplicateAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ agent: Agent; actions: unknown[] }>(paths.agentDuplicate(id), { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

/** Saved states of an agent, newest first. */
export function useAgentVersions(id: string | null | undefined, enabled = true) {
  return useAuthedQuery({
    queryKey: agentKeys.versions(id ?? ''),
    queryFn: ({ signal }) => apiRequest<AgentVersion[]>(paths.agentVersions(id!), { signal }),
    staleTime: AGENTS_STALE_MS,
    enabled: enabled && Boolean(id),
  });
}

export function useRevertAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      apiRequest<Agent>(paths.agentRevert(id), { method: 'POST', body: { version } }),
    onSettled: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

/** Runs, tokens and credits of an agent (its author only). */
export function useAgentUsage(id: string | null | undefined, enabled = true) {
  return useAuthedQuery({
    queryKey: agentKeys.usage(id ?? ''),
    queryFn: ({ signal }) => apiRequest<AgentUsage>(paths.agentUsage(id!), { signal }),
    staleTime: AGENTS_STALE_MS,
    enabled: enabled && Boolean(id),
  });
}

// ── Gallery, assistants builder and import (web-gallery) ──────────────────────────────────────

/** A gallery category tab: GET /api/agents/categories (value, label, how many agents). */
export type AgentCategoryEntry = { value: string; label: string | null; count: number | null };

/** The categories answer, whatever of LibreChat's shapes the server sends (array or {categories}). */
export function toCategoryEntries(raw: unknown): AgentCategoryEntry[] {
  const list = Array.isArray(raw)
    ? raw
    : raw && typeof raw === 'object' && Array.isArray((raw as { categories?: unknown }).categories)
      ? (raw as { categories: unknown[] }).categories
      : [];
  const entries: AgentCategoryEntry[] = [];
  for (const item of list) {
    if (typeof item === 'string') entries.push({ value: item, label: null, count: null });
    else if (item && typeof item === 'object' && typeof (item as { value?: unknown }).value === 'string') {
      const { value, label, count } = item as { value: string; label?: unknown; count?: unknown };
      entries.push({
        value,
        label: typeof label === 'string' && label ? label : null,
        count: typeof count === 'number' ? count : null,
      });
    }
  }
  return entries;
}

export const agentGalleryKeys = {
  categories: ['agents', 'categories'] as const,
  pages: (query: Partial<AgentListQuery>) => ['agents', 'pages', query] as const,
};

export function useAgentCategories(enabled = true) {
  return useAuthedQuery({
    queryKey: agentGalleryKeys.categories,
    queryFn: async ({ signal }) =>
      toCategoryEntries(await apiRequest<unknown>(paths.agentCategories, { signal })),
    staleTime: AGENTS_STALE_MS,
    enabled,
  });
}

/**
 * Upload an agent's avatar (doc 3 §7): multipart with the file, agent_id and the existing avatar
 * as JSON; answers the agent with its new avatar.
 */
export function useUploadAgentAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ agent, file }: { agent: Pick<Agent, 'id' | 'avatar'>; file: File }) => {
      const form = new FormData();
      form.append('agent_id', agent.id);
      if (agent.avatar) form.append('avatar', JSON.stringify(agent.avatar));
      form.append('file', file, file.name);
      return apiRequest<Agent>(paths.agentAvatar(agent.id), { method: 'POST', body: form });
    },
    // The answer is the agent with its new avatar: show it now, not after the refetch.
    onSuccess: (saved) => client.setQueryData(agentKeys.one(saved.id), saved),
    onSettled: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

/** The files an agent holds (every tool resource), for its builder. */
export function useAgentFiles(id: string | null | undefined, enabled = true) {
  return useAuthedQuery({
    queryKey: agentKeys.files(id ?? ''),
    queryFn: ({ signal }) => apiRequest<FileObject[]>(paths.agentFiles(id!), { signal }),
    staleTime: AGENTS_STALE_MS,
    enabled: enabled && Boolean(id),
  });
}

/** POST /api/files with agent_id and tool_resource: the server adds the file to the agent. */
export function useUploadAgentFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      agentId,
      file,
      toolResource,
    }: {
      agentId: string;
      file: File;
      toolResource: AgentToolResource;
    }) => {
      const form = new FormData();
      form.append('file_id', crypto.randomUUID());
      form.append('endpoint', 'agents');
      form.append('agent_id', agentId);
      form.append('tool_resource', toolResource);
      form.append('file', file, file.name);
      return apiRequest<FileObject>(paths.files, { method: 'POST', body: form });
    },
    onSettled: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

/**
 * Whether a tool's keys are set (GET /api/agents/tools/:toolId/auth; doc 3 §7: retried once), and
 * `reason` when the server itself cannot serve it (execute_code without a sandbox engine).
 */
export const toolAuthQuery = (toolId: string) =>
  queryOptions({
    retry: 1,
    queryKey: agentKeys.toolAuth(toolId),
    queryFn: ({ signal }) =>
      apiRequest<{ authenticated: boolean; message?: string; reason?: string }>(paths.agentToolAuth(toolId), {
        signal,
      }),
    staleTime: AGENTS_STALE_MS,
  });

export function useToolAuth(toolId: string, enabled = true) {
  return useAuthedQuery({ ...toolAuthQuery(toolId), enabled });
}

/** Save (install) or revoke (uninstall) the user's keys for a tool (doc 3 §7 Tools). */
export function useSaveToolAuth() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      pluginKey: string;
      action: 'install' | 'uninstall';
      auth?: Record<string, string>;
    }) => apiRequest<unknown>(paths.userPlugins, { method: 'POST', body: { ...body, isEntityTool: true } }),
    onSettled: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

/** The cursor of the page after this one, or undefined at the end of the list. */
export const nextAgentCursor = (page: AgentList): string | undefined =>
  page.has_more ? (page.after ?? page.last_id ?? undefined) : undefined;

/** A list read page by page with its cursor (the gallery's infinite scroll). */
export function useAgentPages(query: Partial<AgentListQuery>, enabled = true) {
  return useAuthedInfiniteQuery({
    queryKey: agentGalleryKeys.pages(query),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<AgentList>(listPath(pageParam ? { ...query, cursor: pageParam } : query), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextAgentCursor,
    staleTime: AGENTS_STALE_MS,
    enabled,
  });
}

/** What an import made, and the parts of the definition Parley could not keep. */
export type AgentImportResult = { agent: Agent; skipped: string[] };

/** The import answer: `{agent, skipped}` or the agent itself (with `skipped` beside its fields). */
export function toImportResult(raw: unknown): AgentImportResult {
  const body = (raw ?? {}) as { agent?: Agent; skipped?: unknown };
  const agent = body.agent ?? (raw as Agent);
  const skipped = Array.isArray(body.skipped)
    ? body.skipped.map((s) => {
        if (typeof s === 'string') return s;
        const o = (s ?? {}) as { name?: unknown; type?: unknown; reason?: unknown };
        const what = [o.type, o.name].filter((v) => typeof v === 'string' && v).join(' ');
        return [what || JSON.stringify(s), typeof o.reason === 'string' ? o.reason : '']
          .filter(Boolean)
          .join(': ');
      })
    : [];
  return { agent, skipped };
}

/** POST /api/agents/import: an exported OpenAI assistant definition becomes an agent. */
export function useImportAssistant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (definition: Record<string, unknown>) =>
      toImportResult(await apiRequest<unknown>(paths.agentImport, { method: 'POST', body: definition })),
    onSettled: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

/** The avatar of an agent (multipart `file`); answers the agent with `avatar.filepath`. */
export function uploadAgentAvatar(id: string, file: File): Promise<Agent> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<Agent>(paths.agentAvatar(id), { method: 'POST', body: form });
}

/**
 * A file for one of an agent's tool resources (POST /api/files with `agent_id` and
 * `tool_resource`; the server adds it to the agent's tool_resources).
 */
export async function uploadAgentFile(
  agentId: string,
  toolResource: AgentToolResource,
  file: File,
): Promise<unknown> {
  const form = new FormData();
  form.append('file_id', uuid());
  form.append('endpoint', 'agents');
  form.append('agent_id', agentId);
  form.append('tool_resource', toolResource);
  form.append('file', file, file.name);
  return apiRequest<unknown>(paths.files, { method: 'POST', body: form });
}
