import {
  Conversation,
  ConvoArchiveBody,
  ConvoCopyResponse,
  ConvoDeleteBody,
  ConvoDeleteResponse,
  ConvoDuplicateBody,
  ConvoForkBody,
  ConvoUpdateBody,
  normalizeTitle,
} from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { duplicateConversation, forkConversation } from '../../convos/copy.ts';
import { deleteAllConversations, deleteConversations } from '../../convos/delete.ts';
import { AppError } from '../../errors.ts';
import { presentConversation, presentCopy, presentDelete } from '../../presenters/conversation.ts';
import type { Services } from '../../services.ts';

/**
 * Conversation row actions with LibreChat's routes and bodies (reference/librechat.md
 * §Conversations): update (rename), archive, delete, clear all, duplicate, fork.
 */
export const convoActionRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { repos } = ctx;
  const db = ctx.db;
  // Fork and duplicate share LibreChat's fork limits (per IP and per user).
  const fork = ctx.abuse.limit('fork');

  // Renaming or archiving leaves updated_at alone: the row keeps its place in the date groups.
  app.post(
    '/update',
    { schema: { body: ConvoUpdateBody, response: { 201: Conversation } } },
    async (req, reply) => {
      const { conversationId, title, isArchived } = req.body.arg;
      const saved = await repos.conversations.update(req.user.id, conversationId, {
        ...(title !== undefined ? { title: normalizeTitle(title) } : {}),
        ...(isArchived !== undefined ? { is_archived: isArchived ? 1 : 0 } : {}),
      });
      if (!saved) throw new AppError('conversation_not_found');
      return reply.status(201).send(presentConversation(saved));
    },
  );

  app.post(
    '/archive',
    { schema: { body: ConvoArchiveBody, response: { 200: Conversation } } },
    async (req) => {
      const { conversationId, isArchived } = req.body.arg;
      const saved = await repos.conversations.update(req.user.id, conversationId, {
        is_archived: isArchived ? 1 : 0,
      });
      if (!saved) throw new AppError('conversation_not_found');
      return presentConversation(saved);
    },
  );

  app.delete(
    '/',
    { schema: { body: ConvoDeleteBody, response: { 201: ConvoDeleteResponse } } },
    async (req, reply) => {
      const { conversationId, conversationIds } = req.body.arg;
      const ids = [...new Set([...(conversationIds ?? []), ...(conversationId ? [conversationId] : [])])];
      const result = await deleteConversations(db, req.user.id, ids);
      if (result.conversationIds.length === 0) throw new AppError('conversation_not_found');
      return reply.status(201).send(presentDelete(result));
    },
  );

  app.delete('/all', { schema: { response: { 201: ConvoDeleteResponse } } }, async (req, reply) => {
    const result = await deleteAllConversations(db, req.user.id);
    return reply.status(201).send(presentDelete(result));
  });

  app.post(
    '/duplicate',
    { schema: { body: ConvoDuplicateBody, response: { 201: ConvoCopyResponse } }, onRequest: fork },
    async (req, reply) => {
      const copy = await duplicateConversation(db, req.user.id, req.body.conversationId, req.body.title);
      return reply.status(201).send(presentCopy(copy));
    },
  );

  app.post(
    '/fork',
    { schema: { body: ConvoForkBody, response: { 201: ConvoCopyResponse } }, onRequest: fork },
    async (req, reply) => {
      const { conversationId, messageId, option, splitAtTarget, latestMessageId } = req.body;
      const copy = await forkConversation(db, req.user.id, conversationId, {
        targetId: messageId,
        option,
        splitAtTarget,
        latestMessageId,
      });
      return reply.status(201).send(presentCopy(copy));
    },
  );
};
