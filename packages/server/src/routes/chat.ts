import {
  AbortRequest,
  AbortResult,
  ActiveGenerations,
  ChatRequest,
  type FinalFrame,
  StreamParams,
  ToolApprovalBody,
} from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { startApproval } from '../chat/agent/approval.ts';
import {
  balanceGuard,
  concurrencyGuard,
  dropRunCodeToggle,
  requireAgentsUse,
  requireTemporaryChat,
} from '../chat/guards.ts';
import { pipeGeneration } from '../chat/sse.ts';
import { specEndpoint, startChat } from '../chat/submit.ts';
import { AppError } from '../errors.ts';
import type { Services } from '../services.ts';

export const chatRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { generations } = ctx;

  app.post(
    '/',
    {
      schema: { body: ChatRequest },
      preHandler: [
        requireTemporaryChat(ctx.repos.roles),
        requireAgentsUse(ctx.repos.roles, (body) => specEndpoint(ctx, body as ChatRequest)),
        dropRunCodeToggle(ctx.repos.roles),
        concurrencyGuard(generations, ctx.abuse, ctx.config.limits),
        // Messages per IP and per user (LIMIT_MESSAGE_IP / LIMIT_MESSAGE_USER).
        ctx.abuse.limit('message'),
        balanceGuard(ctx.balance, ctx.db),
      ],
    },
    async (req, reply) => {
      const gen = await startChat(ctx, req.user.id, req.body);
      pipeGeneration(reply, gen, 0);
    },
  );

  /** A tool call's approval (ours, beyond the spec): continues the paused reply, as an SSE stream. */
  app.post(
    '/approval',
    {
      schema: { body: ToolApprovalBody },
      preHandler: [
        requireAgentsUse(ctx.repos.roles),
        concurrencyGuard(generations, ctx.abuse, ctx.config.limits),
        ctx.abuse.limit('message'),
        balanceGuard(ctx.balance, ctx.db),
      ],
    },
    async (req, reply) => {
      const gen = await startApproval(ctx, req.user.id, req.body);
      pipeGeneration(reply, gen, 0);
    },
  );

  app.get('/active', { schema: { response: { 200: ActiveGenerations } } }, async (req) => ({
    generations: generations.active(req.user.id).map((g) => ({
      streamId: g.streamId,
      conversationId: g.conversationId,
      userMessageId: g.userMessageId,
      responseMessageId: g.responseMessageId,
      createdAt: g.createdAt,
    })),
  }));

  app.get('/stream/:streamId', { schema: { params: StreamParams } }, async (req, reply) => {
    const gen = generations.get(req.user.id, req.params.streamId);
    if (!gen) throw new AppError('generation_not_found');
    const lastId = Number(req.headers['last-event-id'] ?? 0);
    pipeGeneration(reply, gen, Number.isInteger(lastId) && lastId > 0 ? lastId : 0);
  });

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
