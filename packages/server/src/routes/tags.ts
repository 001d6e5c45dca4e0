import {
  ConversationTag,
  ConversationTagList,
  ConvoIdParams,
  ConvoTagsBody,
  ConvoTagsResponse,
  CreateTagBody,
  TagParams,
  UpdateTagBody,
} from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission } from '../auth/policies/policy.ts';
import { presentTag } from '../presenters/tag.ts';
import type { Services } from '../services.ts';

/**
 * Bookmarks — conversation tags (doc 3 §7; LibreChat /api/tags). Every route needs the bookmarks
 * use permission; every query is the signed-in user's own.
 */
export const tagRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { tags, roles } = ctx.repos;
  app.addHook('preHandler', requirePermission(roles, 'BOOKMARKS', 'USE'));
  app.addHook('preHandler', async (req) => tags.ensureSaved(req.user.id));

  app.get('/', { schema: { response: { 200: ConversationTagList } } }, async (req) =>
    (await tags.list(req.user.id)).map(presentTag),
  );

  app.post('/', { schema: { body: CreateTagBody, response: { 200: ConversationTag } } }, async (req) => {
    const { tag, description, position, conversationId, addToConversation } = req.body;
    const created = await tags.create(req.user.id, {
      tag,
      description: description || null,
      position,
      conversationId: addToConversation ? conversationId : undefined,
    });
    return presentTag(created);
  });

  app.put(
    '/convo/:conversationId',
    { schema: { params: ConvoIdParams, body: ConvoTagsBody, response: { 200: ConvoTagsResponse } } },
    async (req) => tags.setConversationTags(req.user.id, req.params.conversationId, req.body.tags),
  );

  app.put(
    '/:tag',
    { schema: { params: TagParams, body: UpdateTagBody, response: { 200: ConversationTag } } },
    async (req) => {
      const { tag, description, position } = req.body;
      const changes = {
        ...(tag !== undefined ? { tag } : {}),
        ...(description !== undefined ? { description: description || null } : {}),
        ...(position !== undefined ? { position } : {}),
      };
      return presentTag(await tags.update(req.user.id, req.params.tag, changes));
    },
  );

  app.delete('/:tag', { schema: { params: TagParams, response: { 200: ConversationTag } } }, async (req) =>
    presentTag(await tags.remove(req.user.id, req.params.tag)),
  );
};
