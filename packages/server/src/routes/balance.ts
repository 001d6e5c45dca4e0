import { Balance } from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services.ts';

/** GET /api/balance: the signed-in user's credits; 204 when balances are off (LibreChat's contract). */
export const balanceRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  app.get('/balance', { schema: { response: { 200: Balance, 204: z.null() } } }, async (req, reply) => {
    if (!ctx.balance.enabled) return reply.status(204).send(null);
    return ctx.balance.get(ctx.db, req.user.id);
  });
};
