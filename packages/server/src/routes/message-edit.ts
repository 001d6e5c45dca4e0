import { Message, MessageEdit, MessageEditParams } from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { editMessage } from '../messages/edit-message.ts';
import { presentMessage } from '../presenters/message.ts';
import type { Services } from '../services.ts';

/** PUT /api/messages/:conversationId/:messageId — edit a message's text in place (LibreChat). */
export const messageEditRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  app.put(
    '/:conversationId/:messageId',
    { schema: { params: MessageEditParams, body: MessageEdit, response: { 200: Message } } },
    async (req) => {
      const { conversationId, messageId } = req.params;
      const row = await editMessage(ctx, req.user.id, conversationId, messageId, req.body);
      return presentMessage(row);
    },
  );
};
