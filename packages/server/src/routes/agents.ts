import {
  AGENT_CATEGORIES,
  Agent,
  AgentCategoryList,
  AgentCreateBody,
  AgentDuplicateResult,
  AgentIdParams,
  AgentImportResult,
  AgentList,
  AgentListQuery,
  AgentRevertBody,
  AgentUpdateBody,
  AgentUsage,
  AgentVersionList,
  MessageResult,
  OpenAIAssistantImport,
} from '@parley/schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentAvatarStore } from '../account/avatars.ts';
import { copyActions } from '../actions/save-action.ts';
import { agentProvider } from '../agents/check-settings.ts';
import { assistantToAgent } from '../agents/import-assistant.ts';
import { loadAgent } from '../agents/load-agent.ts';
import { createAgent, duplicateAgent, revertAgent, updateAgent } from '../agents/save-agent.ts';
import { agentAccess, agentsPolicy } from '../auth/policies/agents.ts';
import { type Actor, authorize, loadActor } from '../auth/policies/policy.ts';
import { newAgentRow } from '../db/rows.ts';
import type { AgentsTable } from '../db/schema.ts';
import { presentAction } from '../presenters/action.ts';
import { presentAgent, presentAgentVersion } from '../presenters/agent.ts';
import type { Services } from '../services.ts';

/** The gallery's category labels (LibreChat's marketplace defaults); the web translates by value. */
const CATEGORY_LABELS: Record<(typeof AGENT_CATEGORIES)[number], string> = {
  general: 'General',
  hr: 'Human Resources',
  rd: 'Research & Development',
  finance: 'Finance',
  it: 'IT',
  sales: 'Sales',
  aftersales: 'After Sales',
};

/**
 * /api/agents (issue 15; LibreChat's routes, so its clients keep working — docs/decisions.md):
 * list, CRUD, duplicate, versions and revert, usage, categories, and importing an OpenAI assistant
 * definition. The whole area needs agents USE; every write needs CREATE; each agent's rules are the
 * policy's (auth/policies/agents.ts).
 */
export const agentRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { agents, roles } = ctx.repos;
  const deps = { db: ctx.db, catalog: ctx.catalog, agentsConfig: ctx.agentsConfig, agents };
  const avatars = agentAvatarStore(ctx.config.dataDir);
  const actors = new WeakMap<FastifyRequest, Actor>();
  const actorOf = (req: FastifyRequest) => actors.get(req)!;

  app.addHook('preHandler', async (req) => {
    const actor = await loadActor(roles, req.user);
    authorize(agentsPolicy.canUse(actor));
    actors.set(req, actor);
  });

  /** The agent as `actor` may see it: whole for those who may edit it. */
  const present = async (actor: Actor, row: AgentsTable) => {
    const [withAuthor] = await agents.withAuthors([row]);
    return presentAgent(withAuthor, agentsPolicy.canEdit(actor, agentAccess(row)) === true);
  };

  app.get('/', { schema: { querystring: AgentListQuery, response: { 200: AgentList } } }, async (req) => {
    const actor = actorOf(req);
    const { promoted, limit, ...filters } = req.query;
    const page = await agents.list(actor.id, { ...filters, promoted: promoted === '1', limit });
    const data = page.rows.map((r) => presentAgent(r, agentsPolicy.canEdit(actor, agentAccess(r)) === true));
    return {
      object: 'list' as const,
      data,
      first_id: data[0]?.id ?? null,
      last_id: data.at(-1)?.id ?? null,
      has_more: page.nextCursor !== null,
      after: page.nextCursor,
    };
  });

  app.get('/categories', { schema: { response: { 200: AgentCategoryList } } }, async (req) => {
    const counts = await agents.categoryCounts(actorOf(req).id);
    return AGENT_CATEGORIES.map((value) => ({
      value,
      label: CATEGORY_LABELS[value],
      count: counts.get(value) ?? 0,
    }));
  });

  app.post('/', { schema: { body: AgentCreateBody, response: { 201: Agent } } }, async (req, reply) => {
    const actor = actorOf(req);
    const row = await createAgent(deps, actor, req.body);
    return reply.status(201).send(await present(actor, row));
  });

  app.post(
    '/import',
    { schema: { body: OpenAIAssistantImport, response: { 201: AgentImportResult } } },
    async (req, reply) => {
      const actor = actorOf(req);
      authorize(agentsPolicy.canCreate(actor));
      const { settings, skipped } = assistantToAgent(req.body);
      const provider = agentProvider(deps, settings.provider).name;
      const row = newAgentRow({ authorId: actor.id, settings: { ...settings, provider } });
      await agents.insert(row);
      return reply.status(201).send({ agent: await present(actor, row), skipped });
    },
  );

  app.get('/:id', { schema: { params: AgentIdParams, response: { 200: Agent } } }, async (req) => {
    const actor = actorOf(req);
    return present(actor, await loadAgent(agents, actor, req.params.id));
  });

  app.get('/:id/expanded', { schema: { params: AgentIdParams, response: { 200: Agent } } }, async (req) => {
    const actor = actorOf(req);
    return present(actor, await loadAgent(agents, actor, req.params.id, agentsPolicy.canEdit));
  });

  app.patch(
    '/:id',
    { schema: { params: AgentIdParams, body: AgentUpdateBody, response: { 200: Agent } } },
    async (req) => {
      const actor = actorOf(req);
      return present(actor, await updateAgent(deps, actor, req.params.id, req.body));
    },
  );

  app.delete('/:id', { schema: { params: AgentIdParams, response: { 200: MessageResult } } }, async (req) => {
    const row = await loadAgent(agents, actorOf(req), req.params.id, agentsPolicy.canDelete);
    await agents.remove(row.id);
    await avatars.removeAll(row.id).catch((err) => req.log.warn({ err }, 'agent avatar left after delete'));
    return { message: 'Agent deleted' };
  });

  app.post(
    '/:id/duplicate',
    { schema: { params: AgentIdParams, response: { 201: AgentDuplicateResult } } },
    async (req, reply) => {
      const actor = actorOf(req);
      const copy = await duplicateAgent(deps, actor, req.params.id);
      const actions = await copyActions({ db: ctx.db, actions: ctx.repos.actions }, req.params.id, copy);
      return reply
        .status(201)
        .send({ agent: await present(actor, copy), actions: actions.map(presentAction) });
    },
  );

  app.get(
    '/:id/versions',
    { schema: { params: AgentIdParams, response: { 200: AgentVersionList } } },
    async (req) => {
      const row = await loadAgent(agents, actorOf(req), req.params.id, agentsPolicy.canEdit);
      return (await agents.versions(row.id)).map(presentAgentVersion);
    },
  );

  app.post(
    '/:id/revert',
    { schema: { params: AgentIdParams, body: AgentRevertBody, response: { 200: Agent } } },
    async (req) => {
      const actor = actorOf(req);
      return present(actor, await revertAgent(deps, actor, req.params.id, req.body.version));
    },
  );

  app.get('/:id/usage', { schema: { params: AgentIdParams, response: { 200: AgentUsage } } }, async (req) => {
    const row = await loadAgent(agents, actorOf(req), req.params.id, agentsPolicy.canViewUsage);
    return agents.usage(row.id);
  });
};
