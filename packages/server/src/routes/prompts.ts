import {
  INSTANCE_PROJECT_ID,
  PROMPT_ALL_MAX,
  PROMPT_CATEGORIES,
  PROMPT_PAGE_SIZE,
  Prompt,
  PromptAddBody,
  PromptCategoryList,
  PromptCreateBody,
  PromptCreateResult,
  PromptDeleteQuery,
  PromptDeleteResult,
  PromptExport,
  PromptExportFile,
  PromptGroup,
  PromptGroupAll,
  PromptGroupDeleteResult,
  PromptGroupIdParams,
  PromptGroupList,
  PromptGroupListQuery,
  PromptGroupUpdateBody,
  PromptIdParams,
  PromptImportResult,
  PromptList,
  PromptListQuery,
  PromptProductionBody,
  PromptShares,
  PromptSharesBody,
  PromptUseResult,
  PromptUserLookup,
  PromptUserLookupQuery,
  promptCategoryLabel,
  searchTerms,
} from '@parley/schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, authorize, loadActor } from '../auth/policies/policy.ts';
import { promptsPolicy } from '../auth/policies/prompts.ts';
import type { PromptGroupsTable, PromptsTable } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { presentPrompt, presentPromptGroup } from '../presenters/prompt.ts';
import {
  addPromptVersion,
  createPromptGroup,
  deletePromptGroup,
  deletePromptVersion,
  exportPromptGroups,
  importPromptGroups,
  makePromptProduction,
  setPromptShares,
  updatePromptGroup,
} from '../prompts/library.ts';
import { searchPromptGroups } from '../search/prompts.ts';
import type { Services } from '../services.ts';

/** Import files may be larger than other bodies (1,000 groups with their versions). */
const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

/**
 * /api/prompts (issue 18): LibreChat's routes (docs/decisions.md), plus sharing with chosen users,
 * export and import. The whole area needs prompts USE; each group's rules are the policy's
 * (auth/policies/prompts.ts): a group the user may not see answers 404 on every route, one they
 * may see but not edit 403.
 */
export const promptRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { prompts, roles, users } = ctx.repos;
  const deps = { db: ctx.db, dialect: ctx.dialect };
  const actors = new WeakMap<FastifyRequest, Actor>();
  const actorOf = (req: FastifyRequest) => actors.get(req)!;

  app.addHook('preHandler', async (req) => {
    const actor = await loadActor(roles, req.user);
    authorize(promptsPolicy.canUse(actor));
    actors.set(req, actor);
  });

  /** The group when the actor may see it (404 otherwise, as for a group that does not exist). */
  async function viewable(actor: Actor, groupId: string): Promise<PromptGroupsTable> {
    const group = await prompts.get(groupId);
    if (!group) throw new AppError('prompt_group_not_found');
    const isPublic = Number(group.is_public) === 1;
    const sharedWithActor =
      group.author_id !== actor.id && !isPublic && (await prompts.isSharedWith(group.id, actor.id));
    authorize(promptsPolicy.canView(actor, { authorId: group.author_id, isPublic, sharedWithActor }));
    return group;
  }

  /** The group when the actor may change it: 404 unseen, 403 seen but not theirs. */
  async function editable(actor: Actor, groupId: string): Promise<PromptGroupsTable> {
    const group = await viewable(actor, groupId);
    authorize(promptsPolicy.canEdit(actor, { authorId: group.author_id }));
    return group;
  }

  /** A version with its group, when the actor may see the group (the version's 404 otherwise). */
  async function viewablePrompt(actor: Actor, promptId: string, groupId?: string) {
    const prompt = await prompts.getPrompt(promptId);
    if (!prompt || (groupId !== undefined && prompt.group_id !== groupId))
      throw new AppError('prompt_not_found');
    try {
      return { prompt, group: await viewable(actor, prompt.group_id) };
    } catch (err) {
      if (err instanceof AppError && err.code === 'prompt_group_not_found')
        throw new AppError('prompt_not_found');
      throw err;
    }
  }

  const presentRows = async (actor: Actor, rows: PromptGroupsTable[]) =>
    (await prompts.decorate(actor.id, rows)).map((g) =>
      presentPromptGroup(g, promptsPolicy.canEdit(actor, { authorId: g.author_id }) === true),
    );
  const presentOne = async (actor: Actor, groupId: string) => {
    const group = await prompts.get(groupId);
    if (!group) throw new AppError('prompt_group_not_found');
    return (await presentRows(actor, [group]))[0];
  };

  app.get(
    '/groups',
    { schema: { querystring: PromptGroupListQuery, response: { 200: PromptGroupList } } },
    async (req) => {
      const actor = actorOf(req);
      const q = req.query;
      const pageSize = q.pageSize ?? q.limit ?? PROMPT_PAGE_SIZE;
      const pageNumber = q.cursor ? 1 : (q.pageNumber ?? 1);
      const category = q.category ? q.category : undefined;
      const terms = searchTerms(q.name ?? '');
      const paging = { limit: pageSize, cursor: q.cursor, offset: (pageNumber - 1) * pageSize };
      // A search is not counted (a common word's hits are most of the library, and counting them
      // costs what the page saved): its `pages` is this page, and one more while there is more.
      const [page, pages] = terms.length
        ? await searchPromptGroups(ctx.db, ctx.dialect, {
            userId: actor.id,
            terms,
            category,
            ...paging,
          }).then((found) => [found, pageNumber + (found.nextCursor === null ? 0 : 1)] as const)
        : await Promise.all([
            prompts.list(actor.id, { category, ...paging }),
            prompts.count(actor.id, category).then((total) => Math.ceil(total / pageSize)),
          ]);
      return {
        promptGroups: await presentRows(actor, page.rows),
        pageNumber,
        pageSize,
        pages,
        has_more: page.nextCursor !== null,
        after: page.nextCursor,
      };
    },
  );

  app.get('/all', { schema: { response: { 200: PromptGroupAll } } }, async (req) => {
    const actor = actorOf(req);
    const page = await prompts.list(actor.id, { limit: PROMPT_ALL_MAX });
    return presentRows(actor, page.rows);
  });

  app.get('/export', { schema: { response: { 200: PromptExportFile } } }, async (req) =>
    exportPromptGroups(ctx.db, actorOf(req).id),
  );

  app.post(
    '/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      // The import limiter's settings (IMPORT_*), counted apart from conversation imports.
      onRequest: ctx.abuse.limit('import', 'promptImport'),
      schema: { body: PromptExport, response: { 201: PromptImportResult } },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      authorize(promptsPolicy.canCreate(actor));
      const groupIds = await importPromptGroups(deps, actor.id, req.body);
      return reply.status(201).send({ imported: groupIds.length, groupIds });
    },
  );

  app.get(
    '/users',
    { schema: { querystring: PromptUserLookupQuery, response: { 200: PromptUserLookup } } },
    async (req) => {
      authorize(promptsPolicy.canCreate(actorOf(req)));
      const user = await users.findByEmail(req.query.email);
      if (!user) throw new AppError('user_not_found', undefined, 'email');
      return { name: user.name, email: user.email };
    },
  );

  app.get(
    '/groups/:groupId',
    { schema: { params: PromptGroupIdParams, response: { 200: PromptGroup } } },
    async (req) => {
      const actor = actorOf(req);
      const group = await viewable(actor, req.params.groupId);
      return (await presentRows(actor, [group]))[0];
    },
  );

  app.get('/', { schema: { querystring: PromptListQuery, response: { 200: PromptList } } }, async (req) => {
    const group = await viewable(actorOf(req), req.query.groupId);
    return (await prompts.versions(group.id)).map(presentPrompt);
  });

  app.get('/:promptId', { schema: { params: PromptIdParams, response: { 200: Prompt } } }, async (req) => {
    const { prompt } = await viewablePrompt(actorOf(req), req.params.promptId);
    return presentPrompt(prompt);
  });

  app.post(
    '/',
    { schema: { body: PromptCreateBody, response: { 200: PromptCreateResult } } },
    async (req) => {
      const actor = actorOf(req);
      authorize(promptsPolicy.canCreate(actor));
      const { groupId, promptId } = await createPromptGroup(deps, actor.id, req.body);
      const prompt = (await prompts.getPrompt(promptId)) as PromptsTable;
      return { prompt: presentPrompt(prompt), group: await presentOne(actor, groupId) };
    },
  );

  app.post(
    '/groups/:groupId/prompts',
    { schema: { params: PromptGroupIdParams, body: PromptAddBody, response: { 200: Prompt } } },
    async (req) => {
      const actor = actorOf(req);
      const group = await editable(actor, req.params.groupId);
      return presentPrompt(await addPromptVersion(deps, group, actor.id, req.body));
    },
  );

  app.patch(
    '/groups/:groupId',
    { schema: { params: PromptGroupIdParams, body: PromptGroupUpdateBody, response: { 200: PromptGroup } } },
    async (req) => {
      const actor = actorOf(req);
      const group = await editable(actor, req.params.groupId);
      const { projectIds, removeProjectIds, ...fields } = req.body;
      const wasPublic = Number(group.is_public) === 1;
      let isPublic = wasPublic;
      if (removeProjectIds?.includes(INSTANCE_PROJECT_ID)) isPublic = false;
      if (projectIds?.includes(INSTANCE_PROJECT_ID)) isPublic = true;
      // Sharing with everyone needs SHARED_GLOBAL; stopping it is the author's (or an admin's).
      if (isPublic && !wasPublic) authorize(promptsPolicy.canShareGlobal(actor));
      await updatePromptGroup(deps, group, { ...fields, is_public: isPublic ? 1 : 0 });
      return presentOne(actor, group.id);
    },
  );

  app.patch(
    '/:promptId/tags/production',
    { schema: { params: PromptIdParams, body: PromptProductionBody, response: { 200: PromptGroup } } },
    async (req) => {
      const actor = actorOf(req);
      const { prompt, group } = await viewablePrompt(actor, req.params.promptId);
      authorize(promptsPolicy.canEdit(actor, { authorId: group.author_id }));
      if (group.production_id !== prompt.id) await makePromptProduction(deps, group, prompt.id);
      return presentOne(actor, group.id);
    },
  );

  app.delete(
    '/:promptId',
    {
      schema: {
        params: PromptIdParams,
        querystring: PromptDeleteQuery,
        response: { 200: PromptDeleteResult },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { prompt, group } = await viewablePrompt(actor, req.params.promptId, req.query.groupId);
      authorize(promptsPolicy.canEdit(actor, { authorId: group.author_id }));
      const result = await deletePromptVersion(deps, group, prompt.id);
      return result.groupDeleted
        ? {
            prompt: 'Prompt deleted successfully',
            promptGroup: { message: 'Prompt group deleted successfully', id: group.id },
          }
        : { prompt: 'Prompt deleted successfully', productionId: result.productionId };
    },
  );

  app.delete(
    '/groups/:groupId',
    { schema: { params: PromptGroupIdParams, response: { 200: PromptGroupDeleteResult } } },
    async (req) => {
      const group = await editable(actorOf(req), req.params.groupId);
      await deletePromptGroup(deps, group.id);
      return { message: 'Prompt group deleted successfully', id: group.id };
    },
  );

  app.post(
    '/groups/:groupId/use',
    {
      onRequest: ctx.abuse.limit('promptUsage'),
      schema: { params: PromptGroupIdParams, response: { 200: PromptUseResult } },
    },
    async (req) => {
      const group = await viewable(actorOf(req), req.params.groupId);
      return { numberOfGenerations: await prompts.recordUse(group.id) };
    },
  );

  app.get(
    '/groups/:groupId/shares',
    { schema: { params: PromptGroupIdParams, response: { 200: PromptShares } } },
    async (req) => {
      const group = await editable(actorOf(req), req.params.groupId);
      return { users: await prompts.shares(group.id) };
    },
  );

  app.put(
    '/groups/:groupId/shares',
    { schema: { params: PromptGroupIdParams, body: PromptSharesBody, response: { 200: PromptShares } } },
    async (req) => {
      const actor = actorOf(req);
      const group = await editable(actor, req.params.groupId);
      const ids = new Set<string>();
      for (const [i, email] of req.body.emails.entries()) {
        const user = await users.findByEmail(email);
        if (!user) throw new AppError('user_not_found', undefined, `emails.${i}`);
        // The author sees the group anyway.
        if (user.id !== group.author_id) ids.add(user.id);
      }
      await setPromptShares(deps, group, [...ids]);
      return { users: await prompts.shares(group.id) };
    },
  );
};

/** GET /api/categories: the nine known prompt categories as label (a text key) and value. */
export const promptCategoryRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app) => {
  app.get('/categories', { schema: { response: { 200: PromptCategoryList } } }, async () =>
    PROMPT_CATEGORIES.map((value) => ({ label: promptCategoryLabel(value), value })),
  );
};
