import { User } from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { presentUser } from '../presenters/user.ts';

export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/', { schema: { response: { 200: User } } }, async (req) => {
    const user = await ctx.repos.users.findById(req.user.id);
    if (!user) throw new AppError('unauthorized');
    return presentUser(user);
  });
};
