import {
  EMAIL_AUTH_TEXT,
  MessageResult,
  RequestPasswordResetBody,
  RequestPasswordResetResult,
  ResendVerificationBody,
  ResetPasswordBody,
  VerifyEmailBody,
} from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword } from '../auth/passwords.ts';
import { passwordChangedEmail } from '../email/templates.ts';
import { AppError } from '../errors.ts';
import type { Services } from '../services.ts';

/** POST /api/auth/requestPasswordReset and /resetPassword (doc 2 §4.3–4.4, §5.3–5.4). */
export const passwordResetRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { config, repos, emailLinks } = ctx;

  app.post(
    '/requestPasswordReset',
    {
      schema: { body: RequestPasswordResetBody, response: { 200: RequestPasswordResetResult } },
      onRequest: ctx.abuse.limit('resetPassword'),
    },
    async (req) => {
      if (!config.allowPasswordReset) throw new AppError('password_reset_disabled');
      const user = await repos.users.findByEmail(req.body.email);
      // Only local accounts have a password to reset; others get the same generic answer.
      if (user?.provider !== 'local') return { message: EMAIL_AUTH_TEXT.resetRequested };
      const link = await emailLinks.passwordResetLink(user);
      // Without email the link can only be shown to the requester (doc 2 §4.4); see docs/configuration.md.
      return config.email
        ? { message: EMAIL_AUTH_TEXT.resetRequested }
        : { message: EMAIL_AUTH_TEXT.resetRequested, link };
    },
  );

  app.post(
    '/resetPassword',
    {
      schema: { body: ResetPasswordBody, response: { 200: MessageResult } },
      onRequest: ctx.abuse.limit('resetPasswordSubmission'),
    },
    async (req) => {
      if (!config.allowPasswordReset) throw new AppError('password_reset_disabled');
      const { token, userId, password } = req.body;
      const user = await repos.users.findById(userId);
      if (!user || !(await repos.authTokens.consume('reset', token, { userId: user.id }))) {
        throw new AppError('invalid_reset_token');
      }
      await repos.users.setPasswordHash(user.id, await hashPassword(password));
      // A reset signs the account out everywhere: whoever knew the old password loses their session.
      await repos.sessions.removeAllForUser(user.id);
      await repos.authTokens.removeForUser(user.id, 'reset');
      // A link that arrived by email proves the address.
      if (config.email && user.email_verified !== 1) await repos.users.markEmailVerified(user.id);
      if (config.email) {
        emailLinks.deliver(
          passwordChangedEmail({ appTitle: config.appTitle, name: user.name, to: user.email }),
          'password-changed',
        );
      }
      return { message: EMAIL_AUTH_TEXT.resetDone };
    },
  );
};

/** POST /api/user/verify and /api/user/verify/resend: public, the user is not signed in (doc 2 §4.2). */
export const verifyEmailRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { config, repos, emailLinks } = ctx;

  app.post(
    '/',
    {
      schema: { body: VerifyEmailBody, response: { 200: MessageResult } },
      onRequest: ctx.abuse.limit('verifyEmailSubmission'),
    },
    async (req) => {
      const user = await repos.users.findByEmail(req.body.email);
      if (!user || !(await repos.authTokens.consume('verify', req.body.token, { userId: user.id }))) {
        throw new AppError('invalid_verify_token');
      }
      await repos.users.markEmailVerified(user.id);
      return { message: EMAIL_AUTH_TEXT.verified };
    },
  );

  app.post(
    '/resend',
    {
      schema: { body: ResendVerificationBody, response: { 200: MessageResult } },
      onRequest: ctx.abuse.limit('verifyEmail'),
    },
    async (req) => {
      const user = await repos.users.findByEmail(req.body.email);
      // The same answer for unknown, verified and unverified addresses.
      if (config.email && user && user.provider === 'local' && user.email_verified !== 1) {
        await emailLinks.sendVerification(user);
      }
      return { message: EMAIL_AUTH_TEXT.resendSent };
    },
  );
};
