import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { artifactFrameCsp } from '@parley/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendNotFound } from './errors.ts';

/**
 * The built web client: its files, and index.html for every client-side route (/chat/…, /login).
 * Anything else unknown, and everything under /api, is the JSON 404.
 */
export async function spa(app: FastifyInstance, webDist: string | null): Promise<void> {
  const indexHtml = webDist ? path.join(webDist, 'index.html') : null;
  if (webDist && indexHtml && existsSync(indexHtml)) {
    // The build writes .br/.gz beside each asset; they are sent as they are when the client accepts them.
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, preCompressed: true });
    app.addHook('onSend', async (req, reply, payload) => {
      if (req.url.startsWith('/vendor/') && reply.statusCode === 200) vendorHeaders(req, reply);
      return payload;
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (req.method === 'GET' && indexHtml && existsSync(indexHtml) && !url.startsWith('/api/')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(reply);
  });
}

const FRAME_DOCUMENT = /^\/vendor\/[\w-]+\/frame\.html(?:\?|$)/;

/**
 * The artifact preview's runtime (/vendor/<hash>/, scripts/build-vendor.mjs): named by a hash of its
 * files, so cached for a year. The frame that loads it is sandboxed with an opaque origin, so its
 * module scripts are CORS requests and its classic scripts cross-origin: both must be allowed. The
 * frame document itself gets the frame's own CSP (no network) instead of the app's.
 */
function vendorHeaders(req: FastifyRequest, reply: { header(name: string, value: string): unknown }): void {
  reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  reply.header('Access-Control-Allow-Origin', '*');
  reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (FRAME_DOCUMENT.test(req.url)) {
    reply.header('Content-Security-Policy', artifactFrameCsp(`${req.protocol}://${req.host}`));
  }
}
