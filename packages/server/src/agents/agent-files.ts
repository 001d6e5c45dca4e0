import { AGENT_RESOURCE_FILES_MAX, AgentToolResource, type AgentToolResources } from '@parley/schema';
import { agentAccess, agentsPolicy } from '../auth/policies/agents.ts';
import type { Actor } from '../auth/policies/policy.ts';
import { agentSettings } from '../db/repos/agents.ts';
import type { FilesTable } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { capabilityOfResource, requireCapability } from './check-settings.ts';
import { loadAgent } from './load-agent.ts';
import { changeAgentFiles, type SaveDeps } from './save-agent.ts';

/** The upload's `tool_resource` as an agent's resource, or a 400 naming the field. */
export function agentResourceOf(raw: string | null | undefined): AgentToolResource {
  const parsed = AgentToolResource.safeParse(raw);
  if (!parsed.success)
    throw new AppError(
      'validation',
      'Choose what the file is for: file_search, context, execute_code or ocr.',
      'tool_resource',
    );
  return parsed.data;
}

/**
 * Put an uploaded file on the agent's `resource` (the actor must be able to edit the agent; the
 * file stays the uploader's). OCR files were read by the upload (files/extract: images through
 * Tesseract), so their text is what the agent's `ocr` resource gives (agents/context-files.ts).
 */
export async function attachAgentFile(
  deps: SaveDeps,
  actor: Actor,
  agentId: string,
  file: FilesTable,
  resource: AgentToolResource,
): Promise<void> {
  requireCapability(deps.agentsConfig, capabilityOfResource(resource), 'tool_resource');
  await changeAgentFiles(deps, actor, agentId, (resources) => {
    const ids = resources[resource]?.file_ids ?? [];
    if (ids.includes(file.file_id)) return resources;
    if (ids.length >= AGENT_RESOURCE_FILES_MAX)
      throw new AppError(
        'validation',
        `An agent holds at most ${AGENT_RESOURCE_FILES_MAX} files here.`,
        'tool_resource',
      );
    return { ...resources, [resource]: { file_ids: [...ids, file.file_id] } };
  });
}

/** Take files off the agent (one resource, or all); answers the ids that were on it. The files stay. */
export async function detachAgentFiles(
  deps: SaveDeps,
  actor: Actor,
  agentId: string,
  fileIds: readonly string[],
  resource: AgentToolResource | null,
): Promise<string[]> {
  const removed = new Set<string>();
  await changeAgentFiles(deps, actor, agentId, (resources) => {
    const out: AgentToolResources = {};
    for (const [key, value] of Object.entries(resources) as [AgentToolResource, { file_ids: string[] }][]) {
      const hit = resource === null || key === resource;
      const kept = hit ? value.file_ids.filter((id) => !fileIds.includes(id)) : value.file_ids;
      for (const id of value.file_ids) if (!kept.includes(id)) removed.add(id);
      out[key] = { file_ids: kept };
    }
    return out;
  });
  return [...removed];
}

/**
 * GET /api/files/agent/:agent_id: the agent's files, for those who may edit it; a shared agent's
 * other users get none (its files are its author's, like its instructions).
 */
export async function agentFiles(deps: SaveDeps, actor: Actor, agentId: string): Promise<FilesTable[]> {
  const row = await loadAgent(deps.agents, actor, agentId);
  if (agentsPolicy.canEdit(actor, agentAccess(row)) !== true) return [];
  const ids = Object.values(agentSettings(row).tool_resources).flatMap((r) => r?.file_ids ?? []);
  const rows = await deps.agents.files(ids);
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => (order.get(a.file_id) ?? 0) - (order.get(b.file_id) ?? 0));
}
