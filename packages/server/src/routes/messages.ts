import { ConvoIdParams, MessageList, MessageSearchQuery, MessageSearchResponse } from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { presentMessage } from '../presenters/message.ts';
import { presentSearchHit } from '../presenters/search-hit.ts';
import { searchMessages } from '../search/messages.ts';

export const messageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** GET /api/messages?search=… — the user's messages by text or conversation title, newest first. */
  app.get(
    '/',
    { schema: { querystring: MessageSearchQuery, response: { 200: MessageSearchResponse } } },
    async (req) => {
      const { rows, nextCursor } = await searchMessages(ctx.db.db, ctx.db.dialect, req.user.id, {
        query: req.query.search,
        limit: req.query.pageSize,
        cursor: req.query.cursor,
      });
      return { messages: rows.map(presentSearchHit), nextCursor };
    },
  );

  app.get(
    '/:conversationId',
    { schema: { params: ConvoIdParams, response: { 200: MessageList } } },
    async (req) => {
      const convo = await ctx.repos.conversations.get(req.user.id, req.params.conversationId);
      if (!convo) throw new AppError('conversation_not_found');
      const rows = await ctx.repos.messages.listByConversation(req.user.id, req.params.conversationId);
      return rows.map(presentMessage);
    },
  );
};
