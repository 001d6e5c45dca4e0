import {
  ArtifactEditBody,
  ArtifactEditParams,
  ArtifactEditResponse,
  ConvoIdParams,
  Message,
  MessageEdit,
  MessageEditParams,
  MessageList,
  MessageSearchQuery,
  MessageSearchResponse,
} from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { editArtifact } from '../messages/edit-artifact.ts';
import { editMessage } from '../messages/edit-message.ts';
import { presentMessage } from '../presenters/message.ts';
import { presentSearchHit } from '../presenters/search-hit.ts';
import { searchMessages } from '../search/messages.ts';
import type { Services } from '../services.ts';

/** /api/messages: search, a conversation's messages, and editing one in place. */
export const messageRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  /** GET /api/messages?search=… — the user's messages by text or conversation title, newest first. */
  app.get(
    '/',
    { schema: { querystring: MessageSearchQuery, response: { 200: MessageSearchResponse } } },
    async (req) => {
      const { rows, nextCursor } = await searchMessages(ctx.db, ctx.dialect, req.user.id, {
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

  /**
   * POST /api/messages/artifact/:messageId — replace one artifact's code in a reply (doc 3 §7,
   * LibreChat's route): `{index, original, updated}` → `{content, text, conversationId}`.
   */
  app.post(
    '/artifact/:messageId',
    {
      schema: {
        params: ArtifactEditParams,
        body: ArtifactEditBody,
        response: { 200: ArtifactEditResponse },
      },
    },
    async (req) => {
      const { messageId } = req.params;
      if (req.body.messageId !== undefined && req.body.messageId !== messageId)
        throw new AppError('validation', 'The message ids differ.', 'messageId');
      const row = await editArtifact(ctx, req.user.id, messageId, req.body);
      const message = presentMessage(row);
      return { content: message.content ?? null, text: message.text, conversationId: row.conversation_id };
    },
  );

  /** PUT /api/messages/:conversationId/:messageId — edit a message's text in place (LibreChat). */
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
