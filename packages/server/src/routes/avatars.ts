import { readFile } from 'node:fs/promises';
import { AvatarFileParams, AvatarResult } from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AVATAR_CONTENT_TYPES, avatarSizeLimit, detectAvatarType } from '../account/avatars.ts';
import { AppError } from '../errors.ts';
import { megabytes, multipartFile, rawUpload } from '../net/multipart.ts';
import type { Services } from '../services.ts';

function tooLarge(limit: number): AppError {
  const size = limit >= 1024 * 1024 ? megabytes(limit) : `${Math.max(1, Math.round(limit / 1024))} KB`;
  return new AppError('avatar_too_large', `The image is too large (the limit is ${size}).`);
}

/**
 * POST /api/files/images/avatar (doc 3 §7 Account): the cropped picture as multipart field `file`.
 * The type is decided by magic bytes (PNG or JPEG only), the size by `fileConfig.avatarSizeLimit`;
 * the new picture replaces the old one on disk and on the user's record.
 */
export const avatarRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const limit = avatarSizeLimit(ctx.yaml);
  const store = ctx.avatars;

  const upload = rawUpload(app, { types: ['multipart/form-data'], limit, tooLarge: () => tooLarge(limit) });

  app.post(
    '/avatar',
    {
      ...upload,
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
export const publicAvatarRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const store = ctx.avatars;
  app.get('/:userId/:name', { schema: { params: AvatarFileParams } }, async (req, reply) => {
    const found = store.resolve(req.params.userId, req.params.name);
    if (!found) throw new AppError('not_found');
    const data = await readFile(found.file).catch(() => null);
    if (!data) throw new AppError('not_found');
    return reply
      .header('Content-Type', AVATAR_CONTENT_TYPES[found.type])
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .header('Content-Disposition', 'inline')
      .send(data);
  });
};
