import {
  type AgentCreateBody,
  AgentCreateBody as AgentCreateSchema,
  type AgentToolResources,
  type AgentUpdateBody,
  INSTANCE_PROJECT_ID,
} from '@parley/schema';
import { agentsPolicy } from '../auth/policies/agents.ts';
import { type Actor, authorize } from '../auth/policies/policy.ts';
import type { Db } from '../db/index.ts';
import { type AgentChange, type AgentSettings, agentSettings } from '../db/repos/agents.ts';
import { newAgentRow } from '../db/rows.ts';
import type { AgentsTable } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { type CheckDeps, checkAgentSettings } from './check-settings.ts';
import { loadAgent } from './load-agent.ts';

export interface SaveDeps extends CheckDeps {
  db: Db;
}

/** A save that found the row changed under it reads it again, this many times. */
const SAVE_ATTEMPTS = 5;

const resourceIds = (r: AgentToolResources | undefined) =>
  new Set(Object.values(r ?? {}).flatMap((x) => x?.file_ids ?? []));

/**
 * Files named in `next` that `current` did not hold must be the user's own: otherwise anyone could
 * point their agent at another user's file id and read it through file search or context.
 */
async function checkResourceFiles(
  deps: SaveDeps,
  userId: string,
  next: AgentToolResources,
  current: AgentToolResources | undefined,
): Promise<void> {
  const had = resourceIds(current);
  const added = [...resourceIds(next)].filter((id) => !had.has(id));
  if (!added.length) return;
  const own = await deps.db
    .selectFrom('files')
    .select('file_id')
    .where('user_id', '=', userId)
    .where('file_id', 'in', added)
    .execute();
  const owned = new Set(own.map((f) => f.file_id));
  const foreign = added.find((id) => !owned.has(id));
  if (foreign) throw new AppError('validation', `Unknown file: ${foreign}.`, 'tool_resources');
}

/**
 * `next` without the files `current` does not hold and `userId` does not own: a revert or a copy
 * brings back only files its maker may add (a collaborator's file removed since stays removed).
 */
async function withoutForeignFiles(
  deps: SaveDeps,
  userId: string,
  next: AgentToolResources,
  current: AgentToolResources | undefined,
): Promise<AgentToolResources> {
  const had = resourceIds(current);
  const added = [...resourceIds(next)].filter((id) => !had.has(id));
  if (!added.length) return next;
  const own = await deps.db
    .selectFrom('files')
    .select('file_id')
    .where('user_id', '=', userId)
    .where('file_id', 'in', added)
    .execute();
  const allowed = new Set([...had, ...own.map((f) => f.file_id)]);
  const out: AgentToolResources = {};
  for (const [resource, entry] of Object.entries(next) as [
    keyof AgentToolResources,
    { file_ids: string[] },
  ][])
    out[resource] = { file_ids: (entry?.file_ids ?? []).filter((id) => allowed.has(id)) };
  return out;
}

/** POST /api/agents: a new agent of the actor's, private, at version 1. */
export async function createAgent(deps: SaveDeps, actor: Actor, body: AgentCreateBody): Promise<AgentsTable> {
  authorize(agentsPolicy.canCreate(actor));
  const settings = await checkAgentSettings(deps, actor.id, body);
  await checkResourceFiles(deps, actor.id, settings.tool_resources, undefined);
  const row = newAgentRow({ authorId: actor.id, settings });
  await deps.agents.insert(row);
  return row;
}

/** The builder's fields of a PATCH body (the rest is sharing and featuring). */
function settingsPatch(body: AgentUpdateBody): Partial<AgentCreateBody> | null {
  const { projectIds: _p, removeProjectIds: _r, isCollaborative: _c, is_promoted: _f, ...fields } = body;
  const defined = Object.entries(fields).filter(([, v]) => v !== undefined);
  return defined.length ? Object.fromEntries(defined) : null;
}

/** Sharing after a PATCH (doc 3 §4): projectIds holding the instance project shares, removeProjectIds unshares. */
function sharedAfter(row: AgentsTable, body: AgentUpdateBody): boolean {
  let shared = row.is_public === 1;
  if (body.projectIds !== undefined) shared = body.projectIds.includes(INSTANCE_PROJECT_ID);
  if (body.removeProjectIds?.includes(INSTANCE_PROJECT_ID)) shared = false;
  return shared;
}

/**
 * What a PATCH changes, checked: builder fields (a new version when they differ), sharing (the
 * share rule; turning it off also ends collaborative editing, which can only be on while shared),
 * featuring (admins).
 */
async function changeFor(
  deps: SaveDeps,
  actor: Actor,
  row: AgentsTable,
  body: AgentUpdateBody,
): Promise<AgentChange> {
  const change: AgentChange = {};
  const patch = settingsPatch(body);
  if (patch) {
    const current = agentSettings(row);
    const merged = AgentCreateSchema.parse({ ...current, ...patch });
    change.settings = await checkAgentSettings(deps, actor.id, merged, row.id, current);
    await checkResourceFiles(deps, actor.id, change.settings.tool_resources, current.tool_resources);
  }
  const shared = sharedAfter(row, body);
  if (body.isCollaborative && !shared)
    throw new AppError('validation', 'Editing can only be allowed for a shared agent.', 'isCollaborative');
  const collaborative = shared ? (body.isCollaborative ?? row.is_collaborative === 1) : false;
  const sharingChanged =
    shared !== (row.is_public === 1) ||
    (body.isCollaborative !== undefined && collaborative !== (row.is_collaborative === 1));
  if (sharingChanged) {
    authorize(agentsPolicy.canShare(actor, { authorId: row.author_id }));
    change.isPublic = shared;
    change.isCollaborative = collaborative;
  }
  if (body.is_promoted !== undefined && body.is_promoted !== (row.is_promoted === 1)) {
    authorize(agentsPolicy.canSetPromoted(actor));
    change.isPromoted = body.is_promoted;
  }
  return change;
}

/** Apply a change computed from the row as read; read again and retry when another save came first. */
export async function saveAgent(
  deps: SaveDeps,
  actor: Actor,
  id: string,
  compute: (row: AgentsTable) => Promise<AgentChange>,
): Promise<AgentsTable> {
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const row = await loadAgent(deps.agents, actor, id, agentsPolicy.canEdit);
    const change = await compute(row);
    if (!Object.keys(change).length) return row;
    const saved = await deps.agents.update(row, change, actor.id);
    if (saved) return saved;
  }
  throw new AppError('internal', 'The agent kept changing while it was saved; try again.');
}

/** PATCH /api/agents/:id */
export function updateAgent(
  deps: SaveDeps,
  actor: Actor,
  id: string,
  body: AgentUpdateBody,
): Promise<AgentsTable> {
  return saveAgent(deps, actor, id, (row) => changeFor(deps, actor, row, body));
}

/** POST /api/agents/:id/revert: a save whose builder fields are those of `version` (a new version). */
export function revertAgent(deps: SaveDeps, actor: Actor, id: string, version: number): Promise<AgentsTable> {
  return saveAgent(deps, actor, id, async (row) => {
    const saved = await deps.agents.version(row.id, version);
    if (!saved) throw new AppError('validation', `Version ${version} does not exist.`, 'version');
    const current = agentSettings(row);
    const snapshot: AgentSettings = AgentCreateSchema.parse(JSON.parse(saved.snapshot));
    const tool_resources = await withoutForeignFiles(
      deps,
      actor.id,
      snapshot.tool_resources,
      current.tool_resources,
    );
    const settings = { ...snapshot, tool_resources };
    return { settings: await checkAgentSettings(deps, actor.id, settings, row.id, current) };
  });
}

/** Add or remove files of one of an agent's tool resources (uploads and DELETE /api/files). */
export function changeAgentFiles(
  deps: SaveDeps,
  actor: Actor,
  id: string,
  edit: (resources: AgentToolResources) => AgentToolResources,
): Promise<AgentsTable> {
  return saveAgent(deps, actor, id, async (row) => {
    const current = agentSettings(row);
    return { settings: { ...current, tool_resources: edit(structuredClone(current.tool_resources)) } };
  });
}

/**
 * The copy's name, as LibreChat makes it: the name and the time of copying (short date and time,
 * 24-hour, UTC here so every server names alike).
 */
export function copyName(name: string | null | undefined, at = new Date()): string {
  const stamp = at.toLocaleString('en-US', {
    dateStyle: 'short',
    timeStyle: 'short',
    hour12: false,
    timeZone: 'UTC',
  });
  return `${name ?? ''} (${stamp})`.trim();
}

/**
 * POST /api/agents/:id/duplicate (author only): a private copy at version 1. Like LibreChat, the
 * copy keeps its context and OCR files but not its knowledge or code files (those are indexed per
 * agent); its actions are copied without their secrets by the route (actions/save-action.ts
 * copyActions); the avatar is not, its file is the original's and goes with it.
 */
export async function duplicateAgent(deps: SaveDeps, actor: Actor, id: string): Promise<AgentsTable> {
  const row = await loadAgent(deps.agents, actor, id, agentsPolicy.canDuplicate);
  authorize(agentsPolicy.canCreate(actor));
  const settings = agentSettings(row);
  const { context, ocr } = settings.tool_resources;
  const copy = newAgentRow({
    authorId: actor.id,
    settings: {
      ...settings,
      name: copyName(settings.name).slice(0, 256),
      tool_resources: { ...(context ? { context } : {}), ...(ocr ? { ocr } : {}) },
    },
  });
  await deps.agents.insert(copy);
  return copy;
}
