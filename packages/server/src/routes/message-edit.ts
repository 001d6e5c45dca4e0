import { Message, MessageEdit, MessageEditParams } from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { editMessage } from '../messages/edit-message.ts';
import { presentMessage } from '../presenters/message.ts';

/** PUT /api/messages/:conversationId/:messageId — edit a message's text in place (LibreChat). */
export const messageEditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.put(
    '/:conversationId/:messageId',
    { schema: { params: MessageEditParams, body: MessageEdit, response: { 200: Message } } },
    async (req) => {
      const { conversationId, messageId } = req.params;
      const row = await editMessage(ctx.chat, req.user.id, conversationId, messageId, req.body);
      return presentMessage(row);
    },
  );
};
