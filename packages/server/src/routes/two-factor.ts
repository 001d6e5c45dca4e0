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
import { authenticate } from '../auth/authenticate.ts';
import { setRefreshCookie } from '../auth/sessions.ts';
import { clearPendingTwoFactorCookie, pendingTwoFactorToken } from '../auth/two-factor/pending-cookie.ts';
import { AppError } from '../errors.ts';
import { presentUser } from '../presenters/user.ts';
import type { Services } from '../services.ts';

/**
 * /api/auth/2fa (doc 3 §4–§5, doc 2 §3, LibreChat's paths): setup, disable and backup codes for the
 * signed-in user, and verify-temp, the public second login step.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { repos, sessions, twoFactor: service, twoFactorTemp: tempTokens } = ctx;
  // Every route that checks a code counts against the login limits: six digits must not be guessable.
  const codeLimit = (bucket: string) => ctx.abuse.limit('login', `2fa-${bucket}`);

  app.post(
    '/verify-temp',
    {
      schema: { body: TwoFactorVerifyTempBody, response: { 200: LoginResult } },
      onRequest: codeLimit('verify-temp'),
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
      const { access, refresh } = await sessions.open(user);
      if (fromCookie) clearPendingTwoFactorCookie(reply, ctx.cookie);
      setRefreshCookie(reply, refresh.token, refresh.expiresAt, ctx.cookie);
      return { token: access, user: presentUser(user) };
    },
  );

  const signedIn: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', authenticate(ctx.tokens, undefined, ctx.abuse));
    const me = async (req: FastifyRequest) => {
      const user = await repos.users.findById(req.user.id);
      if (!user) throw new AppError('unauthorized');
      return user;
    };

    scope.post('/enable', { schema: { response: { 200: TwoFactorEnableResult } } }, async (req) =>
      service.enable(await me(req)),
    );

    scope.post(
      '/verify',
      {
        schema: { body: TwoFactorCodeBody, response: { 200: MessageResult } },
        onRequest: codeLimit('verify'),
      },
      async (req) => {
        await service.verify(await me(req), req.body);
        return { message: 'Two-factor code verified.' };
      },
    );

    scope.post(
      '/confirm',
      {
        schema: { body: TwoFactorConfirmBody, response: { 200: MessageResult } },
        onRequest: codeLimit('confirm'),
      },
      async (req) => {
        await service.confirm(await me(req), req.body.token);
        return { message: 'Two-factor authentication enabled.' };
      },
    );

    scope.post(
      '/disable',
      {
        schema: { body: TwoFactorCodeBody, response: { 200: MessageResult } },
        onRequest: codeLimit('disable'),
      },
      async (req) => {
        await service.disable(await me(req), req.body);
        return { message: 'Two-factor authentication disabled.' };
      },
    );

    scope.post(
      '/backup/regenerate',
      {
        schema: { body: TwoFactorCodeBody, response: { 200: BackupCodesResult } },
        onRequest: codeLimit('backup-regenerate'),
      },
      async (req) => service.regenerate(await me(req), req.body),
    );
  };
  await app.register(signedIn);
};
