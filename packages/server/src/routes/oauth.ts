import { OAuthProviderParams, TWO_FA_SSO_PARAM } from '@parley/schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { finishSignIn } from '../auth/sign-in.ts';
import { saveFlow, takeFlow } from '../auth/sso/flow-state.ts';
import { resolveExternalUser, SsoError, type SsoFailure } from '../auth/sso/identity.ts';
import { setPendingTwoFactorCookie } from '../auth/two-factor/pending-cookie.ts';
import type { Services } from '../services.ts';

/**
 * GET /oauth/{openid,github,google,discord,facebook,apple} and their callbacks (Apple's is a form
 * POST). A successful callback opens a session exactly like a password login (the refresh cookie)
 * and sends the browser to the client, whose start-up refresh turns the cookie into a session.
 * An account with two-factor on gets no session yet: the browser goes to /login/2fa with the
 * tempToken in an httpOnly cookie (see pending-cookie.ts), as a password login gets twoFAPending.
 */
export const oauthRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { config, repos, signInClients: clients } = ctx;
  const { sso } = config;
  const client = config.domainClient.replace(/\/$/, '');
  const fail = (reply: FastifyReply, reason: SsoFailure) =>
    reply.redirect(`${client}/login?redirect=false&error=${reason}`);
  // Sign-in attempts count against the login limits (and a banned IP is refused).
  const onRequest = ctx.abuse.limit('login', 'oauth');
  const onCallback = ctx.abuse.limit('login', 'oauth-callback');

  // Apple answers with response_mode=form_post.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get('/:provider', { schema: { params: OAuthProviderParams }, onRequest }, async (req, reply) => {
    const signIn = clients.get(req.params.provider);
    if (!signIn) return reply.status(404).send({ error: { code: 'not_found', message: 'Not found.' } });
    try {
      const { url, flow } = await signIn.start();
      saveFlow(reply, ctx.box, flow, ctx.cookie.secure);
      return reply.redirect(url);
    } catch (error) {
      req.log.warn({ provider: req.params.provider, err: message(error) }, 'sign-in could not start');
      return fail(reply, 'failed');
    }
  });

  const callback = async (req: FastifyRequest<{ Params: { provider: string } }>, reply: FastifyReply) => {
    const provider = req.params.provider;
    const signIn = clients.get(provider);
    if (!signIn) return reply.status(404).send({ error: { code: 'not_found', message: 'Not found.' } });
    const params = {
      ...stringsOf(req.query),
      ...(req.method === 'POST' ? stringsOf(req.body) : {}),
    };
    const flow = takeFlow(req, reply, ctx.box, provider);
    if (!flow) {
      req.log.warn({ provider }, 'sign-in callback without a matching attempt');
      return fail(reply, 'failed');
    }
    try {
      const profile = await signIn.finish(params, flow);
      const user = await resolveExternalUser(repos, profile, {
        allowRegistration: sso.allowSocialRegistration,
        allowedDomains: ctx.yaml.registration?.allowedDomains,
      });
      // The browser carries the session in the refresh cookie finishSignIn set, or the pending
      // second factor in its own cookie; the client's start-up refresh does the rest.
      const result = await finishSignIn(ctx, reply, user, 'credentials');
      if ('twoFAPending' in result) {
        setPendingTwoFactorCookie(reply, result.tempToken, ctx.cookie);
        return reply.redirect(`${client}/login/2fa?${TWO_FA_SSO_PARAM}=1`);
      }
      return reply.redirect(`${client}/chat/new`);
    } catch (error) {
      const reason = error instanceof SsoError ? error.reason : 'failed';
      req.log.warn(
        { provider, reason, err: reason === 'failed' ? message(error) : undefined },
        'sign-in refused',
      );
      return fail(reply, reason);
    }
  };
  app.get(
    '/:provider/callback',
    { schema: { params: OAuthProviderParams }, onRequest: onCallback },
    callback,
  );
  app.post(
    '/:provider/callback',
    { schema: { params: OAuthProviderParams }, onRequest: onCallback },
    callback,
  );
};

/** Only the error's own text: provider responses (and so tokens) never reach the log. */
function message(error: unknown): string {
  return error instanceof Error ? error.message : 'unknown error';
}

function stringsOf(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}
