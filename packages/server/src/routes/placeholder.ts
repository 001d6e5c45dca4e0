import { z } from 'zod';
import type { RoutePlugin } from './index.ts';

const MAX_SIDE = 4000;

/**
 * GET /api/placeholder/:w/:h: a grey SVG of that size with its dimensions written in it. LibreChat's
 * artifact prompt tells models to use it instead of images from the web; the preview frame's CSP
 * allows images from this route only. Public: the frame has an opaque origin and sends no cookies.
 */
export const placeholderRoutes: RoutePlugin = async (app) => {
  app.get(
    '/:w/:h',
    {
      schema: {
        params: z.object({
          w: z.coerce.number().int().min(1).max(MAX_SIDE),
          h: z.coerce.number().int().min(1).max(MAX_SIDE),
        }),
      },
    },
    async (req, reply) => {
      const { w, h } = req.params;
      const font = Math.max(10, Math.min(48, Math.round(Math.min(w, h) / 8)));
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
        `<rect width="100%" height="100%" fill="#e5e7eb"/>` +
        `<text x="50%" y="50%" fill="#6b7280" font-family="system-ui,sans-serif" font-size="${font}" ` +
        `text-anchor="middle" dominant-baseline="middle">${w} × ${h}</text></svg>`;
      return reply
        .header('Content-Type', 'image/svg+xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=86400')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .send(svg);
    },
  );
};
