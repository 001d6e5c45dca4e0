import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
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
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (req.method === 'GET' && indexHtml && existsSync(indexHtml) && !url.startsWith('/api/')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(reply);
  });
}
