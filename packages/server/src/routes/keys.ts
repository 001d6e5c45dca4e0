import { KeyExpiry, KeyParams, KeyQuery, RevokeAllKeysQuery, UpdateKeyBody } from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { findEndpoint } from '../providers/catalog.ts';
import type { Services } from '../services.ts';

/** The user's own provider keys (doc 3 §5 API key dialog): stored sealed, never returned. */
export const keyRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { keys } = ctx.repos;
  const box = ctx.box;

  app.get('/', { schema: { querystring: KeyQuery, response: { 200: KeyExpiry } } }, async (req) => {
    const row = await keys.get(req.user.id, req.query.name);
    if (!row) throw new AppError('key_not_found');
    return { expiresAt: row.expires_at };
  });

  app.put('/', { schema: { body: UpdateKeyBody } }, async (req, reply) => {
    const endpoint = findEndpoint(ctx.catalog, req.body.name);
    if (!endpoint || !(endpoint.userProvide || endpoint.userProvideURL)) {
      throw new AppError('validation', 'This endpoint does not take a user-provided key.', 'name');
    }
    if (req.body.expiresAt !== null && req.body.expiresAt <= Date.now()) {
      throw new AppError('validation', 'The expiry must be in the future.', 'expiresAt');
    }
    await keys.put(req.user.id, endpoint.name, box.seal(req.body.value), req.body.expiresAt);
    return reply.status(204).send();
  });

  app.delete('/:name', { schema: { params: KeyParams } }, async (req, reply) => {
    await keys.remove(req.user.id, req.params.name);
    return reply.status(204).send();
  });

  /** DELETE /api/keys?all=true revokes every stored key (Settings → Data controls). */
  app.delete('/', { schema: { querystring: RevokeAllKeysQuery } }, async (req, reply) => {
    await keys.removeAll(req.user.id);
    return reply.status(204).send();
  });
};
