import type { FastifyInstance } from 'fastify';
import { compressJson } from '../net/compress-json.ts';

/** JSON in and out: bodiless JSON requests are accepted, large JSON answers are compressed. */
export function jsonBodies(app: FastifyInstance): void {
  // Many clients send `Content-Type: application/json` on bodiless DELETE/POST: treat '' as no body
  // (the default parser, with its prototype-poisoning checks, handles everything else).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(req, body as string, done);
  });
  compressJson(app);
}
