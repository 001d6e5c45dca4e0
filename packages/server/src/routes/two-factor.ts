import {
  BackupCodesResult,
  LoginResult,
  MessageResult,
  TwoFactorCodeBody,
  TwoFactorConfirmBody,
  TwoFactorEnableResult,
  TwoFactorVerifyTempBody,
} from '@parley/schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { finishSignIn } from '../auth/sign-in.ts';
import { clearPendingTwoFactorCookie, pendingTwoFactorToken } from '../auth/two-factor/pending-cookie.ts';
import { AppError } from '../errors.ts';
import type { Services } from '../services.ts';

/** Every route that checks a code counts against the login limits: six digits must not be guessable. */
const codeLimit = (ctx: Services, bucket: string) => ctx.abuse.limit('login', `2fa-${bucket}`);

/**
 * POST /api/auth/2fa/verify-temp (doc 3 §4–§5, doc 2 §3): the public second login step. The rest of
 * /api/auth/2fa is for the signed-in user (twoFactorRoutes, in the authenticated scope).
 */
export const twoFactorLoginRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { repos, twoFactor: service, twoFactorTemp: tempTokens } = ctx;

  app.post(
    '/verify-temp',
    {
      schema: { body: TwoFactorVerifyTempBody, response: { 200: LoginResult } },
      onRequest: codeLimit(ctx, 'verify-temp'),
    },
    async (req, reply) => {
      // A password login sends its tempToken; a single sign-on left it in an httpOnly cookie.
      const fromCookie = pendingTwoFactorToken(req);
      const presented = req.body.tempToken ?? fromCookie;
      const userId = presented ? await tempTokens.verify(presented) : null;
      const user = userId ? await repos.users.findById(userId) : undefined;
      if (user?.two_factor_enabled !== 1) {
        if (fromCookie) clearPendingTwoFactorCookie(reply, ctx.cookie);
        throw new AppError('two_fa_temp_invalid');
      }
      await service.consume(user, req.body);
      const result = await finishSignIn(ctx, reply, user, 'second-factor');
      if (fromCookie) clearPendingTwoFactorCookie(reply, ctx.cookie);
      return result;
    },
  );
};

/** Setup, disable and backup codes for the signed-in user (LibreChat's paths under /api/auth/2fa). */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { repos, twoFactor: service } = ctx;
  const me = async (req: FastifyRequest) => {
    const user = await repos.users.findById(req.user.id);
    if (!user) throw new AppError('unauthorized');
    return user;
  };

  app.post('/enable', { schema: { response: { 200: TwoFactorEnableResult } } }, async (req) =>
    service.enable(await me(req)),
  );

  app.post(
    '/verify',
    {
      schema: { body: TwoFactorCodeBody, response: { 200: MessageResult } },
      onRequest: codeLimit(ctx, 'verify'),
    },
    async (req) => {
      await service.verify(await me(req), req.body);
      return { message: 'Two-factor code verified.' };
    },
  );

  app.post(
    '/confirm',
    {
      schema: { body: TwoFactorConfirmBody, response: { 200: MessageResult } },
      onRequest: codeLimit(ctx, 'confirm'),
    },
    async (req) => {
      await service.confirm(await me(req), req.body.token);
      return { message: 'Two-factor authentication enabled.' };
    },
  );

  app.post(
    '/disable',
    {
      schema: { body: TwoFactorCodeBody, response: { 200: MessageResult } },
      onRequest: codeLimit(ctx, 'disable'),
    },
    async (req) => {
      await service.disable(await me(req), req.body);
      return { message: 'Two-factor authentication disabled.' };
    },
  );

  app.post(
    '/backup/regenerate',
    {
      schema: { body: TwoFactorCodeBody, response: { 200: BackupCodesResult } },
      onRequest: codeLimit(ctx, 'backup-regenerate'),
    },
    async (req) => service.regenerate(await me(req), req.body),
  );
};
