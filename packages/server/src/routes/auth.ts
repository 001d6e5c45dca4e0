import {
  LdapLoginBody,
  LoginBody,
  LoginResult,
  MessageResult,
  REFRESH_COOKIE,
  RefreshResult,
  RegisterBody,
} from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { isEmailDomainAllowed } from '../auth/registration.ts';
import { refuseCrossSite } from '../auth/same-site.ts';
import { clearRefreshCookie, setRefreshCookie } from '../auth/sessions.ts';
import { finishSignIn } from '../auth/sign-in.ts';
import { ldapLogin } from '../auth/sso/ldap-login.ts';
import { AppError } from '../errors.ts';
import { presentUser } from '../presenters/user.ts';
import type { Services } from '../services.ts';

const REGISTERED = 'Registration successful.';

/** Public auth routes: register, login, refresh, logout (doc 1 §4–5, doc 2 §5.1). */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { repos, sessions, config } = ctx;

  app.post(
    '/register',
    {
      schema: { body: RegisterBody, response: { 200: MessageResult } },
      onRequest: ctx.abuse.limit('register'),
    },
    async (req) => {
      const { name, username, email, password, token } = req.body;
      if (!isEmailDomainAllowed(email, ctx.yaml.registration?.allowedDomains))
        throw new AppError('email_domain_not_allowed', undefined, 'email');
      // An invitation (register?token=…) for this address opens registration and proves the email.
      const invited = token ? await repos.authTokens.consume('invite', token, { email }) : false;
      if (!config.allowRegistration && !invited) throw new AppError('registration_disabled');
      const passwordHash = await hashPassword(password);
      // The same answer (and cost) whether or not the email is known: registration cannot probe accounts.
      if (await repos.users.findByEmail(email)) return { message: REGISTERED };
      if (username && (await repos.users.usernameTaken(username))) {
        throw new AppError('username_taken', undefined, 'username');
      }
      // With email on, a new local account confirms its address before it can sign in (doc 1 §8).
      const mustVerify = config.email !== null && !invited;
      const user = await repos.users.create({
        name,
        username: username || null,
        email,
        passwordHash,
        emailVerified: !mustVerify,
      });
      if (mustVerify) await ctx.emailLinks.sendVerification(user);
      return { message: REGISTERED };
    },
  );

  app.post(
    '/login',
    {
      schema: { body: config.sso.ldap ? LdapLoginBody : LoginBody, response: { 200: LoginResult } },
      onRequest: ctx.abuse.limit('login'),
    },
    async (req, reply) => {
      if (!config.allowEmailLogin) throw new AppError('email_login_disabled');
      if (config.sso.ldap) {
        // LDAP replaces local passwords for the login form (LibreChat's behaviour).
        const user = await ldapLogin(
          config.sso.ldap,
          repos,
          req.log,
          req.body.email,
          req.body.password,
          ctx.yaml.registration?.allowedDomains,
        );
        // A local account linked to its directory entry keeps its second factor.
        return finishSignIn(ctx, reply, user, 'credentials');
      }
      const user = await repos.users.findByEmail(req.body.email);
      let ok = false;
      if (user?.password_hash) ok = await verifyPassword(user.password_hash, req.body.password);
      // Unknown email: spend the same time hashing, so timing does not reveal which emails exist.
      else await verifyPassword(await dummyPasswordHash(), req.body.password);
      if (!user || !ok) throw new AppError('invalid_credentials');
      if (
        config.email &&
        !config.allowUnverifiedEmailLogin &&
        user.provider === 'local' &&
        user.email_verified !== 1
      ) {
        throw new AppError('email_unverified');
      }
      // Two-factor on: no session yet, only a short-lived token for /api/auth/2fa/verify-temp.
      return finishSignIn(ctx, reply, user, 'credentials');
    },
  );

  // The two routes the refresh cookie authenticates answer same-site requests only.
  const guard = { onRequest: refuseCrossSite(config) };

  app.post('/refresh', { schema: { response: { 200: RefreshResult } }, ...guard }, async (req, reply) => {
    const presented = req.cookies[REFRESH_COOKIE];
    if (!presented) throw new AppError('refresh_missing');
    try {
      const { user, access, refresh } = await sessions.rotate(presented);
      setRefreshCookie(reply, refresh.token, refresh.expiresAt, ctx.cookie);
      return { token: access, user: presentUser(user) };
    } catch (error) {
      clearRefreshCookie(reply, ctx.cookie);
      throw error;
    }
  });

  app.post('/logout', { schema: { response: { 200: MessageResult } }, ...guard }, async (req, reply) => {
    await sessions.close(req.cookies[REFRESH_COOKIE]);
    clearRefreshCookie(reply, ctx.cookie);
    return { message: 'Logout successful' };
  });
};
