import { randomUUID } from 'node:crypto';
import {
  ACTION_DELIMITER,
  ACTIONS_PER_AGENT_MAX,
  type ActionUpdateBody,
  AGENT_TOOLS_MAX,
} from '@parley/schema';
import { checkAgentSettings, requireCapability } from '../agents/check-settings.ts';
import { loadAgent } from '../agents/load-agent.ts';
import type { SaveDeps } from '../agents/save-agent.ts';
import { agentsPolicy } from '../auth/policies/agents.ts';
import type { Actor } from '../auth/policies/policy.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { ActionsRepo } from '../db/repos/actions.ts';
import { agentSettings } from '../db/repos/agents.ts';
import type { ActionsTable, AgentsTable } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { parseSpec, type SpecOptions } from './parse-spec.ts';
import { SECRET_FIELDS, type StoredActionMetadata, storedFunctions, storedMetadata } from './stored.ts';
import { encodeDomain } from './to-functions.ts';

export interface ActionDeps extends SaveDeps {
  actions: ActionsRepo;
  box: SecretBox;
  spec: SpecOptions;
}

/** A save that found the agent changed under it reads it again, this many times. */
const SAVE_ATTEMPTS = 5;

const invalid = (message: string, field = 'metadata') => new AppError('validation', message, field);

/** Does `key` belong to an action on `encodedDomain` (`…_action_<encodedDomain>`)? */
const onDomain = (key: string, encodedDomain: string) => key.endsWith(`${ACTION_DELIMITER}${encodedDomain}`);

/** The auth form's rules (doc 3 §5): what each auth type needs. */
function checkAuth(body: ActionUpdateBody, previous: StoredActionMetadata | null): void {
  const { auth } = body.metadata;
  const has = (field: (typeof SECRET_FIELDS)[number]) =>
    Boolean(body.metadata[field]?.trim()) || Boolean(previous?.[field]);
  if (auth.type === 'service_http') {
    if (!has('api_key')) throw invalid('API key is required.', 'metadata.api_key');
    if (!auth.authorization_type)
      throw invalid('Choose how the API key is sent.', 'metadata.auth.authorization_type');
    if (auth.authorization_type === 'custom' && !auth.custom_auth_header?.trim())
      throw invalid('Custom header name is required.', 'metadata.auth.custom_auth_header');
  }
  if (auth.type === 'oauth') {
    for (const [field, label] of [
      ['authorization_url', 'Authorization URL'],
      ['client_url', 'Token URL'],
      ['scope', 'Scope'],
    ] as const) {
      const value = auth[field]?.trim();
      if (!value) throw invalid(`${label} is required.`, `metadata.auth.${field}`);
      if (field !== 'scope' && !/^https?:\/\/\S+$/i.test(value))
        throw invalid(`${label} must be an http or https URL.`, `metadata.auth.${field}`);
    }
  }
}

/**
 * POST /api/agents/actions/:agent_id: add an action to an agent or replace one of its actions.
 * Those who may edit the agent may (agents policy); the spec is parsed here, whatever functions the
 * client sent. The agent's tools lose the action's previous keys and gain its functions' keys, in
 * the transaction that writes the action. A blank secret keeps the stored one (the API never
 * returns secrets, so a form cannot send them back).
 */
export async function saveAction(
  deps: ActionDeps,
  actor: Actor,
  agentId: string,
  body: ActionUpdateBody,
): Promise<{ agent: AgentsTable; action: ActionsTable }> {
  requireCapability(deps.agentsConfig, 'actions', 'metadata');
  const parsed = await parseSpec(body.metadata.raw_spec, deps.spec);
  if (!parsed.ok) throw invalid(parsed.message, 'metadata.raw_spec');
  const clientDomain = body.metadata.domain
    ?.trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '');
  if (clientDomain && clientDomain.replace(/^\[|\]$/g, '') !== parsed.domain)
    throw invalid(`Domain mismatch: the spec's server is ${parsed.domain}.`, 'metadata.domain');
  const encoded = encodeDomain(parsed.domain);

  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const row = await loadAgent(deps.agents, actor, agentId, agentsPolicy.canEdit);
    const siblings = await deps.actions.byAgent(row.id);
    const existing = body.action_id ? siblings.find((a) => a.id === body.action_id) : undefined;
    if (body.action_id && !existing) throw new AppError('not_found', 'Action not found.', 'action_id');
    const others = siblings.filter((a) => a.id !== existing?.id);
    if (!existing && others.length >= ACTIONS_PER_AGENT_MAX)
      throw invalid(`An agent can hold at most ${ACTIONS_PER_AGENT_MAX} actions.`);
    // Tool keys carry the encoded domain, and LibreChat's encoding keeps 10 characters of a long
    // domain's base64: two domains can share it (api.example.com, api.example.org).
    const clash = others.find((a) => encodeDomain(a.domain) === encoded);
    if (clash)
      throw invalid(
        clash.domain === parsed.domain
          ? `This agent already has an action for ${parsed.domain}.`
          : `This agent's action for ${clash.domain} would share tool names with ${parsed.domain}.`,
        'metadata.domain',
      );
    const previous = existing ? storedMetadata(existing) : null;
    checkAuth(body, previous);

    const metadata: StoredActionMetadata = {
      raw_spec: body.metadata.raw_spec,
      domain: parsed.domain,
      server_url: parsed.serverUrl,
      ...(body.metadata.privacy_policy_url ? { privacy_policy_url: body.metadata.privacy_policy_url } : {}),
      auth: body.metadata.auth,
    };
    // Only the secrets the auth type uses are kept (switching to none forgets the key).
    const used: readonly (typeof SECRET_FIELDS)[number][] =
      body.metadata.auth.type === 'service_http'
        ? ['api_key']
        : body.metadata.auth.type === 'oauth'
          ? ['oauth_client_id', 'oauth_client_secret']
          : [];
    for (const field of used) {
      const given = body.metadata[field]?.trim();
      const kept = given ? deps.box.seal(given) : previous?.[field];
      if (kept) metadata[field] = kept;
    }

    const oldKeys = new Set(existing ? storedFunctions(existing).map((f) => f.tool) : []);
    const current = agentSettings(row);
    const tools = current.tools
      .filter((t) => !oldKeys.has(t) && !onDomain(t, encoded))
      .concat(parsed.functions.map((f) => f.tool));
    if (tools.length > AGENT_TOOLS_MAX)
      throw invalid(
        `The agent would list ${tools.length} tools; at most ${AGENT_TOOLS_MAX} are allowed.`,
        'metadata.raw_spec',
      );
    const settings = await checkAgentSettings(deps, actor.id, { ...current, tools }, row.id, current);
    const now = Date.now();
    const action: ActionsTable = {
      id: existing?.id ?? randomUUID(),
      agent_id: row.id,
      // LibreChat records the agent's author as the action's user.
      user_id: existing?.user_id ?? row.author_id,
      domain: parsed.domain,
      metadata: JSON.stringify(metadata),
      functions: JSON.stringify(parsed.functions),
      created_at: existing ? Number(existing.created_at) : now,
      updated_at: now,
    };
    const saved = await deps.agents.update(row, { settings }, actor.id, (trx) =>
      deps.actions.put(trx, action, Boolean(existing)),
    );
    if (saved) return { agent: saved, action };
  }
  throw new AppError('internal', 'The agent kept changing while it was saved; try again.');
}

/**
 * DELETE /api/agents/actions/:agent_id/:action_id: the action and its tools leave the agent in
 * one transaction (its users' OAuth tokens go with it).
 */
export async function deleteAction(
  deps: ActionDeps,
  actor: Actor,
  agentId: string,
  actionId: string,
): Promise<void> {
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const row = await loadAgent(deps.agents, actor, agentId, agentsPolicy.canEdit);
    const action = await deps.actions.get(actionId);
    if (!action || action.agent_id !== row.id) throw new AppError('not_found', 'Action not found.');
    const keys = new Set(storedFunctions(action).map((f) => f.tool));
    const encoded = encodeDomain(action.domain);
    const current = agentSettings(row);
    const tools = current.tools.filter((t) => !keys.has(t) && !onDomain(t, encoded));
    const require_approval = current.require_approval.filter((t) => !keys.has(t));
    const saved = await deps.agents.update(
      row,
      { settings: { ...current, tools, require_approval } },
      actor.id,
      (trx) => deps.actions.remove(trx, action.id),
    );
    if (saved) return;
  }
  throw new AppError('internal', 'The agent kept changing while it was saved; try again.');
}

/**
 * A duplicated agent's actions (POST /api/agents/:id/duplicate, as LibreChat does): each copied
 * under a new id to the copy's author, its spec and auth settings kept, its secrets not (the
 * copy's author enters their own key or client), in one transaction. The copy's tool keys stay
 * valid: they name function and domain, not the action.
 */
export async function copyActions(
  deps: Pick<ActionDeps, 'db' | 'actions'>,
  fromAgentId: string,
  copy: AgentsTable,
): Promise<ActionsTable[]> {
  const now = Date.now();
  const rows = (await deps.actions.byAgent(fromAgentId)).map((a, i): ActionsTable => {
    const metadata = storedMetadata(a);
    for (const field of SECRET_FIELDS) delete metadata[field];
    return {
      ...a,
      id: randomUUID(),
      agent_id: copy.id,
      user_id: copy.author_id,
      metadata: JSON.stringify(metadata),
      created_at: now + i,
      updated_at: now + i,
    };
  });
  if (rows.length)
    await deps.db.transaction().execute(async (trx) => {
      for (const row of rows) await deps.actions.put(trx, row, false);
    });
  return rows;
}
