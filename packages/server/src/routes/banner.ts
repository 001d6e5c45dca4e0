import { CurrentBanner } from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isBanned } from '../auth/ban.ts';
import type { AppContext } from '../context.ts';
import { presentBanner } from '../presenters/banner.ts';

/**
 * GET /api/banner: public (auth pages read it too). A valid access token of an existing, unbanned
 * user also reveals banners meant for signed-in users only.
 */
export const bannerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/banner', { schema: { response: { 200: CurrentBanner } } }, async (req) => {
    let signedIn = false;
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const claims = await ctx.tokens.verifyAccess(header.slice(7).trim());
      const state = claims ? await ctx.repos.users.authState(claims.sub) : undefined;
      signedIn = Boolean(state && !isBanned(state));
    }
    const banner = await ctx.repos.banners.current(signedIn);
    return banner ? presentBanner(banner) : null;
  });
};
