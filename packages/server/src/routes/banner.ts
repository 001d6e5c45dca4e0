import { CurrentBanner } from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInOrNull } from '../auth/identify.ts';
import { presentBanner } from '../presenters/banner.ts';
import type { Services } from '../services.ts';

/**
 * GET /api/banner: public (auth pages read it too). A valid access token of an existing, unbanned
 * user also reveals banners meant for signed-in users only.
 */
export const bannerRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  app.get('/banner', { schema: { response: { 200: CurrentBanner } } }, async (req) => {
    const banner = await ctx.repos.banners.current((await signedInOrNull(ctx, req)) !== null);
    return banner ? presentBanner(banner) : null;
  });
};
