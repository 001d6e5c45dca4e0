import {
  Conversation,
  ConvoIdParams,
  ConvoListQuery,
  ConvoListResponse,
  DEFAULT_TITLE,
  TITLE_WAIT_MS,
  TitleResponse,
} from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversationPolicy } from '../../auth/policies/conversation.ts';
import { authorize, loadActor } from '../../auth/policies/policy.ts';
import { AppError } from '../../errors.ts';
import { presentConversation } from '../../presenters/conversation.ts';
import type { Services } from '../../services.ts';
import { convoActionRoutes } from './actions.ts';
import { importRoutes } from './import.ts';

/** `tags` and LibreChat's `tags[]`, each one value or repeated, as one list. */
const tagFilter = (...values: (string | string[] | undefined)[]) =>
  values.flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])).filter(Boolean);

const timeout = (ms: number) => new Promise<null>((r) => setTimeout(() => r(null), ms).unref());

/**
 * /api/convos: the reads here, the row actions (actions.ts) and import (import.ts, its own
 * encapsulated plugin because it reads raw bodies).
 */
export const convoRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { repos } = ctx;
  await app.register(convoActionRoutes, { ctx });
  await app.register(importRoutes, { prefix: '/import', ctx });

  app.get(
    '/',
    { schema: { querystring: ConvoListQuery, response: { 200: ConvoListResponse } } },
    async (req) => {
      const tags = tagFilter(req.query.tags, req.query['tags[]']);
      if (tags.length) authorize(conversationPolicy.canUseBookmarks(await loadActor(repos.roles, req.user)));
      const { rows, nextCursor } = await repos.conversations.list(req.user.id, {
        limit: req.query.limit,
        cursor: req.query.cursor,
        isArchived: req.query.isArchived,
        tags,
        sortBy: req.query.sortBy,
        sortDirection: req.query.sortDirection,
        search: req.query.search,
      });
      return { conversations: rows.map(presentConversation), nextCursor };
    },
  );

  app.get(
    '/gen_title/:conversationId',
    { schema: { params: ConvoIdParams, response: { 200: TitleResponse } } },
    async (req) => {
      const { conversationId } = req.params;
      // Wait for a title still being generated, then answer with the stored one: a rename made
      // since wins over what was generated.
      const pending = ctx.titles.get(`${req.user.id}:${conversationId}`);
      if (pending) await Promise.race([pending, timeout(TITLE_WAIT_MS)]);
      const convo = await repos.conversations.get(req.user.id, conversationId);
      if (!convo || convo.title === DEFAULT_TITLE) throw new AppError('title_not_found');
      return { title: convo.title };
    },
  );

  app.get(
    '/:conversationId',
    { schema: { params: ConvoIdParams, response: { 200: Conversation } } },
    async (req) => {
      const convo = await repos.conversations.get(req.user.id, req.params.conversationId);
      if (!convo) throw new AppError('conversation_not_found');
      return presentConversation(convo);
    },
  );
};
