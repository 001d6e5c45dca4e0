import {
  ConvoIdParams,
  SharedConversation,
  SharedLink,
  SharedLinkDeleted,
  SharedLinkListQuery,
  SharedLinkListResponse,
  SharedLinkStatus,
  ShareIdParams,
} from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/identify.ts';
import { AppError } from '../errors.ts';
import { presentSharedConversation, presentSharedLink } from '../presenters/shared-link.ts';
import type { Services } from '../services.ts';
import { createShare } from '../share/create-share.ts';
import { buildSnapshot, newShareId } from '../share/snapshot.ts';

/** Public reads per IP per minute: ids are unguessable, this only blunts scraping. */
const PUBLIC_READS_PER_MINUTE = 300;

/**
 * GET /api/share/:shareId — the shared conversation page's data (doc 2 §2.6). No sign-in unless
 * ALLOW_SHARED_LINKS_PUBLIC=false (LibreChat's switch); a missing, private or empty link is 404.
 */
export const publicShareRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const signIn = requireUser(ctx);
  app.get(
    '/:shareId',
    {
      schema: { params: ShareIdParams, response: { 200: SharedConversation } },
      config: { rateLimit: { max: PUBLIC_READS_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      if (!ctx.config.allowSharedLinks) throw new AppError('share_not_found');
      if (!ctx.config.allowSharedLinksPublic) await signIn(req);
      const row = await ctx.repos.sharedLinks.getPublic(req.params.shareId);
      if (!row || row.message_count === 0) throw new AppError('share_not_found');
      // A deleted or refreshed link must stop answering at once: no shared caches.
      reply.header('Cache-Control', 'private, no-store');
      reply.header('X-Robots-Tag', 'noindex');
      return presentSharedConversation(row);
    },
  );
};

/** The owner's side: create, look up, refresh, delete and list links (doc 2 §2.7, doc 3 §7). */
export const shareRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { repos } = ctx;

  app.addHook('onRequest', async () => {
    if (!ctx.config.allowSharedLinks) throw new AppError('shared_links_disabled');
  });

  app.get(
    '/',
    { schema: { querystring: SharedLinkListQuery, response: { 200: SharedLinkListResponse } } },
    async (req) => {
      const q = req.query;
      const { rows, nextCursor } = await repos.sharedLinks.list(req.user.id, {
        pageSize: q.pageSize,
        cursor: q.cursor,
        isPublic: q.isPublic,
        search: q.search || undefined,
        sortBy: q.sortBy,
        sortDirection: q.sortDirection,
      });
      return { links: rows.map(presentSharedLink), nextCursor, hasNextPage: nextCursor !== null };
    },
  );

  app.get(
    '/link/:conversationId',
    { schema: { params: ConvoIdParams, response: { 200: SharedLinkStatus } } },
    async (req) => {
      const { conversationId } = req.params;
      const link = await repos.sharedLinks.getForConversation(req.user.id, conversationId);
      return { success: !!link, shareId: link?.share_id ?? null, conversationId };
    },
  );

  app.post(
    '/:conversationId',
    { schema: { params: ConvoIdParams, response: { 200: SharedLink } } },
    async (req) => presentSharedLink(await createShare(repos, req.user.id, req.params.conversationId)),
  );

  /**
   * Refresh: a new snapshot of the conversation as it is now, under a new share id (as LibreChat
   * does), so whoever had the old link does not see what was added since.
   */
  app.patch(
    '/:shareId',
    { schema: { params: ShareIdParams, response: { 200: SharedLink } } },
    async (req) => {
      const userId = req.user.id;
      const link = await repos.sharedLinks.getOwned(userId, req.params.shareId);
      if (!link) throw new AppError('share_not_found');
      const convo = await repos.conversations.get(userId, link.conversation_id);
      if (!convo) throw new AppError('share_not_found');
      const messages = await repos.messages.listByConversation(userId, link.conversation_id);
      const updated = await repos.sharedLinks.refresh(userId, link.share_id, {
        share_id: newShareId(),
        title: convo.title,
        messages: JSON.stringify(buildSnapshot(messages)),
        message_count: messages.length,
        updated_at: Date.now(),
      });
      if (!updated) throw new AppError('share_not_found');
      return presentSharedLink(updated);
    },
  );

  app.delete(
    '/:shareId',
    { schema: { params: ShareIdParams, response: { 200: SharedLinkDeleted } } },
    async (req) => {
      if (!(await repos.sharedLinks.remove(req.user.id, req.params.shareId)))
        throw new AppError('share_not_found');
      return { success: true, shareId: req.params.shareId };
    },
  );
};
