import { TermsState, User } from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteAccountRows } from '../account/delete-account.ts';
import { clearRefreshCookie } from '../auth/sessions.ts';
import { AppError } from '../errors.ts';
import { presentUser } from '../presenters/user.ts';
import type { Services } from '../services.ts';

export const userRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { avatars } = ctx;

  app.get('/', { schema: { response: { 200: User } } }, async (req) => {
    const user = await ctx.repos.users.findById(req.user.id);
    if (!user) throw new AppError('unauthorized');
    return presentUser(user);
  });

  /** DELETE /api/user (doc 3 §4 Account deletion): everything the user owns, then their pictures and files. */
  app.delete('/', async (req, reply) => {
    if (!ctx.config.allowAccountDeletion) throw new AppError('account_deletion_disabled');
    const userId = req.user.id;
    if (!(await deleteAccountRows(ctx.db, userId))) throw new AppError('unauthorized');
    // Files go only after the rows are committed: a failed transaction keeps the account whole.
    await avatars.removeAll(userId).catch((err) => req.log.warn({ err }, 'avatar cleanup failed'));
    await ctx.fileStorage.deleteUser(userId).catch((err) => req.log.warn({ err }, 'file cleanup failed'));
    clearRefreshCookie(reply, ctx.cookie);
    return reply.status(204).send();
  });

  /** GET /api/user/terms (doc 3 §7 Terms). */
  app.get('/terms', { schema: { response: { 200: TermsState } } }, async (req) => {
    const user = await ctx.repos.users.findById(req.user.id);
    if (!user) throw new AppError('unauthorized');
    return { termsAccepted: Boolean(user.terms_accepted_at) };
  });

  /** POST /api/user/terms/accept: no payload. */
  app.post('/terms/accept', { schema: { response: { 200: TermsState } } }, async (req) => {
    if (!(await ctx.repos.users.acceptTerms(req.user.id))) throw new AppError('unauthorized');
    return { termsAccepted: true };
  });
};
