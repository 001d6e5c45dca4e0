import { readFile } from 'node:fs/promises';
import { AvatarResult } from '@parley/schema';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AVATAR_CONTENT_TYPES, avatarSizeLimit, avatarStore, detectAvatarType } from '../account/avatars.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { multipartFile } from '../net/multipart.ts';

/** Room for the multipart envelope (boundaries, headers, the `manual` field) around the image. */
const MULTIPART_OVERHEAD = 16 * 1024;

function tooLarge(limit: number): AppError {
  const mb = limit / 1024 / 1024;
  const size = mb >= 1 ? `${Math.round(mb * 100) / 100} MB` : `${Math.max(1, Math.round(limit / 1024))} KB`;
  return new AppError('avatar_too_large', `The image is too large (the limit is ${size}).`);
}

/**
 * POST /api/files/images/avatar (doc 3 §7 Account): the cropped picture as multipart field `file`.
 * The type is decided by magic bytes (PNG or JPEG only), the size by `fileConfig.avatarSizeLimit`;
 * the new picture replaces the old one on disk and on the user's record.
 */
export const avatarRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const limit = avatarSizeLimit(ctx.yaml);
  const store = avatarStore(ctx.config.dataDir);

  // Encapsulated to this plugin: the body arrives as raw bytes, bounded by the route's limit.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((err: FastifyError) => {
    throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLarge(limit) : err;
  });

  app.post(
    '/avatar',
    {
      bodyLimit: limit + MULTIPART_OVERHEAD,
      onRequest: ctx.abuse.limit('fileUpload'),
      schema: { response: { 200: AvatarResult } },
    },
    async (req) => {
      const contentType = req.headers['content-type'] ?? '';
      if (!Buffer.isBuffer(req.body) || !contentType.toLowerCase().startsWith('multipart/form-data'))
        throw new AppError('avatar_no_file');
      const file = multipartFile(req.body, contentType);
      if (!file || file.data.length === 0) throw new AppError('avatar_no_file');
      if (file.data.length > limit) throw tooLarge(limit);
      const type = detectAvatarType(file.data);
      if (!type) throw new AppError('avatar_invalid_type');
      const userId = req.user.id;
      const url = await store.save(userId, Buffer.from(file.data), type);
      await ctx.repos.users.setAvatar(userId, url);
      await store.prune(userId, url);
      return { url };
    },
  );
};

/**
 * GET /api/files/avatars/:userId/:name: public, like LibreChat's avatar URLs, because an <img>
 * sends no bearer token; the name's 128 random bits make it unguessable.
 */
export const publicAvatarRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const store = avatarStore(ctx.config.dataDir);
  app.get(
    '/:userId/:name',
    { schema: { params: z.object({ userId: z.string().max(64), name: z.string().max(64) }) } },
    async (req, reply) => {
      const found = store.resolve(req.params.userId, req.params.name);
      if (!found) throw new AppError('not_found');
      const data = await readFile(found.file).catch(() => null);
      if (!data) throw new AppError('not_found');
      return reply
        .header('Content-Type', AVATAR_CONTENT_TYPES[found.type])
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('Content-Disposition', 'inline')
        .send(data);
    },
  );
};
