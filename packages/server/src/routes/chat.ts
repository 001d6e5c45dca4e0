import {
  AbortRequest,
  AbortResult,
  ActiveGenerations,
  ChatErrorTypes,
  ChatRequest,
  type FinalFrame,
} from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conversationPolicy } from '../auth/policies/conversation.ts';
import { authorize, loadActor } from '../auth/policies/policy.ts';
import { pipeGeneration } from '../chat/sse.ts';
import { startChat } from '../chat/submit.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';

export const chatRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { generations } = ctx.chat;
  const { concurrentMessageMax, concurrentScore } = ctx.config.limits;

  app.post('/', { schema: { body: ChatRequest } }, async (req, reply) => {
    // A new temporary chat needs the temporary-chat use permission (LibreChat's TEMPORARY_CHAT).
    if (req.body.isTemporary)
      authorize(conversationPolicy.canStartTemporary(await loadActor(ctx.repos.roles, req.user)));
    // Limits answer with the chat error JSON the client renders in the thread (doc 2 §8.3).
    if (concurrentMessageMax !== null && generations.active(req.user.id).length >= concurrentMessageMax) {
      await ctx.abuse.violation(req, 'concurrent', concurrentScore);
      throw new AppError(
        'concurrent',
        JSON.stringify({ type: ChatErrorTypes.CONCURRENT, limit: concurrentMessageMax }),
      );
    }
    // Messages per IP and per user (LIMIT_MESSAGE_IP / LIMIT_MESSAGE_USER).
    await ctx.abuse.enforce('message', req);
    const { balance } = ctx.chat;
    if (balance.enabled && !(await balance.canSpend(ctx.chat.db, req.user.id))) {
      throw new AppError('token_balance', JSON.stringify({ type: ChatErrorTypes.TOKEN_BALANCE }));
    }
    const gen = await startChat(ctx.chat, req.user.id, req.body);
    pipeGeneration(reply, gen, 0);
  });

  app.get('/active', { schema: { response: { 200: ActiveGenerations } } }, async (req) => ({
    generations: generations.active(req.user.id).map((g) => ({
      streamId: g.streamId,
      conversationId: g.conversationId,
      userMessageId: g.userMessageId,
      responseMessageId: g.responseMessageId,
      createdAt: g.createdAt,
    })),
  }));

  app.get(
    '/stream/:streamId',
    { schema: { params: z.object({ streamId: z.string().min(1).max(64) }) } },
    async (req, reply) => {
      const gen = generations.get(req.user.id, req.params.streamId);
      if (!gen) throw new AppError('generation_not_found');
      const lastId = Number(req.headers['last-event-id'] ?? 0);
      pipeGeneration(reply, gen, Number.isInteger(lastId) && lastId > 0 ? lastId : 0);
    },
  );

  /** Stop a reply: the upstream request is cancelled at once and the partial text saved. */
  app.post(
    '/abort',
    { schema: { body: AbortRequest, response: { 200: AbortResult } } },
    async (req): Promise<FinalFrame & { conversationId: string }> => {
      const gen = generations.findByAbortKey(req.user.id, req.body.abortKey);
      if (!gen) throw new AppError('generation_not_found');
      gen.controller.abort();
      const final = await gen.done;
      if (!final) throw new AppError('generation_not_found');
      return { conversationId: gen.conversationId, ...final }; // doc 1 §7 names conversationId at the top
    },
  );
};
