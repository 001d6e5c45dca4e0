import { CurrentBanner } from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isBanned } from '../auth/ban.ts';
import type { Services } from '../services.ts';

/**
 * GET /api/banner: public (auth pages read it too). A valid access token of an existing, unbanned
 * user also reveals banners meant for signed-in users only.
 */
export const bannerRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  app.get('/banner', { schema: { response: { 200: CurrentBanner } } }, async (req) => {
    let signedIn = false;
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const claims = await ctx.tokens.verifyAccess(header.slice(7).trim());
      const state = claims ? await ctx.repos.users.authState(claims.sub) : undefined;
      signedIn = Boolean(state && !isBanned(state));
    }
    return ctx.repos.banners.current(signedIn);
  });
};
