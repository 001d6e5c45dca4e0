import { ConvoIdParams, MessageList } from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { presentMessage } from '../presenters/message.ts';

export const messageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
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
