import { AvailableToolList } from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentsPolicy } from '../auth/policies/agents.ts';
import { authorize, loadActor } from '../auth/policies/policy.ts';
import type { Services } from '../services.ts';

/** GET /api/agents/tools: the tools the builder may offer (the registry's, capability-gated). */
export const agentToolRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  app.get('/', { schema: { response: { 200: AvailableToolList } } }, async (req) => {
    authorize(agentsPolicy.canUse(await loadActor(ctx.repos.roles, req.user)));
    return ctx.tools.available(req.user.id);
  });
};
