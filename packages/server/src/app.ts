import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { type ChatError, ERRORS, type ErrorBody } from '@parley/schema';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { authenticate } from './auth/authenticate.ts';
import { emailLinks } from './auth/email-links.ts';
import { sessionService } from './auth/sessions.ts';
import { requestSerializer } from './auth/sso/log-redact.ts';
import { tokenService } from './auth/tokens.ts';
import { balanceService } from './balance/service.ts';
import { titleTracker } from './chat/title.ts';
import { type AppConfig, loadEnv } from './config/env.ts';
import { BalanceConfig, loadYamlConfig } from './config/yaml.ts';
import type { AppContext } from './context.ts';
import { secretBox } from './crypto/secret-box.ts';
import { openDatabase } from './db/index.ts';
import { createRepos } from './db/repos/index.ts';
import { smtpMailer } from './email/mailer.ts';
import { AppError } from './errors.ts';
import { generationStore } from './generation/store.ts';
import { abuseControls } from './limits/abuse.ts';
import { redisStore } from './limits/redis-store.ts';
import { memoryStore } from './limits/store.ts';
import { compressJson } from './net/compress-json.ts';
import { buildCatalog } from './providers/catalog.ts';
import { providerRegistry } from './providers/index.ts';
import { startRetentionJob } from './retention/temporary-chats.ts';
import { adminRoutes } from './routes/admin.ts';
import { authRoutes } from './routes/auth.ts';
import { avatarRoutes, publicAvatarRoutes } from './routes/avatars.ts';
import { bannerRoutes } from './routes/banner.ts';
import { chatRoutes } from './routes/chat.ts';
import { configRoutes, publicConfigRoutes } from './routes/config.ts';
import { convoActionRoutes } from './routes/convo-actions.ts';
import { convoRoutes } from './routes/convos.ts';
import { importRoutes } from './routes/convos-import.ts';
import { passwordResetRoutes, verifyEmailRoutes } from './routes/email-auth.ts';
import { keyRoutes } from './routes/keys.ts';
import { messageEditRoutes } from './routes/message-edit.ts';
import { messageRoutes } from './routes/messages.ts';
import { oauthRoutes } from './routes/oauth.ts';
import { presetRoutes } from './routes/presets.ts';
import { roleRoutes } from './routes/roles.ts';
import { publicShareRoutes, shareRoutes } from './routes/share.ts';
import { tagRoutes } from './routes/tags.ts';
import { twoFactorRoutes } from './routes/two-factor.ts';
import { userRoutes } from './routes/user.ts';

function errorBody(code: string, message: string, field?: string, details?: ChatError): ErrorBody {
  return { error: { code, message, ...(field ? { field } : {}), ...(details ? { details } : {}) } };
}

export interface BuildOptions {
  config?: AppConfig;
  /** Extra environment for loadEnv (tests). */
  env?: NodeJS.ProcessEnv;
}

/** The whole app as one Fastify instance; tests build exactly what production runs. */
export async function buildApp(opts: BuildOptions = {}): Promise<FastifyInstance & { ctx: AppContext }> {
  const config = opts.config ?? loadEnv(opts.env ?? process.env);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Sign-in callbacks carry the provider's code and state in the query.
      serializers: { req: requestSerializer },
    },
    trustProxy: config.env.TRUST_PROXY === 'true',
    bodyLimit: 3 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Many clients send `Content-Type: application/json` on bodiless DELETE/POST: treat '' as no body
  // (the default parser, with its prototype-poisoning checks, handles everything else).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(req, body as string, done);
  });

  const { config: yaml, warnings } = loadYamlConfig(config.configPath, config.env);
  for (const w of warnings) app.log.warn(w);

  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    onIdleError: (err) => app.log.warn({ err }, 'database connection lost while idle'),
  });
  const repos = createRepos(db.db);
  await repos.roles.seedDefaults();
  const tokens = tokenService({ jwtSecret: config.jwtSecret, refreshSecret: config.jwtRefreshSecret });
  const generations = generationStore();
  const mailer = config.email ? smtpMailer(config.email) : null;
  // With Redis, every instance sees the same counters, scores and IP bans.
  const limitStore = config.redisUrl
    ? redisStore(config.redisUrl, config.redisKeyPrefix, (err) => app.log.warn({ err }, 'redis error'))
    : memoryStore();
  const abuse = abuseControls({ config: config.limits, store: limitStore, users: repos.users, log: app.log });
  const ctx: AppContext = {
    config,
    yaml,
    db,
    repos,
    tokens,
    sessions: sessionService(repos, tokens),
    cookie: { secure: config.nodeEnv === 'production' && config.domainServer.startsWith('https://') },
    mailer,
    emailLinks: emailLinks({ config, repos, mailer, log: app.log }),
    abuse,
    chat: {
      db: db.db,
      repos,
      catalog: buildCatalog(config.env, yaml),
      providers: providerRegistry(),
      generations,
      titles: titleTracker(),
      box: secretBox(config.credsKey),
      balance: balanceService(BalanceConfig.parse(yaml.balance ?? {})),
      rates: yaml.balance?.rates,
      modelSpecs: yaml.modelSpecs,
      allowedPrivateHosts: config.allowedPrivateHosts,
      maxRetries: config.providerMaxRetries,
      idleTimeoutMs: config.providerIdleTimeoutMs,
      tempChatRetentionHours: yaml.interface?.temporaryChatRetention ?? config.tempChatRetentionHours,
      log: app.log,
    },
  };

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || undefined;
      return reply
        .status(400)
        .send(errorBody('validation', first?.message ?? ERRORS.validation.message, field));
    }
    if (err instanceof AppError)
      return reply.status(err.status).send(errorBody(err.code, err.message, err.field, err.details));
    if (err.statusCode === 429)
      return reply.status(429).send(errorBody('rate_limited', ERRORS.rate_limited.message));
    if (err.statusCode && err.statusCode < 500) {
      return reply.status(err.statusCode).send(errorBody('validation', err.message));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('internal', ERRORS.internal.message));
  });

  compressJson(app);
  await app.register(fastifyCookie);
  // HSTS and upgrade-insecure-requests only make sense over HTTPS: on a plain-HTTP LAN address they
  // would send the browser to https for every script and leave a blank page.
  const https = config.domainServer.startsWith('https://');
  await app.register(fastifyHelmet, {
    hsts: https,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: https ? [] : null,
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // KaTeX and the highlighter set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // No remote images: a reply could otherwise leak chat text to any server without a click.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => Object.assign(new AppError('rate_limited'), { statusCode: 429 }),
  });

  app.get('/health', async () => ({ status: 'ok' }));

  // Public API: no token needed.
  await app.register(authRoutes, { prefix: '/api/auth', ctx });
  // verify-temp is public; the rest of /api/auth/2fa authenticates inside the plugin.
  await app.register(twoFactorRoutes, { prefix: '/api/auth/2fa', ctx });
  await app.register(passwordResetRoutes, { prefix: '/api/auth', ctx });
  await app.register(verifyEmailRoutes, { prefix: '/api/user/verify', ctx });
  await app.register(publicConfigRoutes, { prefix: '/api', ctx });
  await app.register(publicShareRoutes, { prefix: '/api/share', ctx });
  await app.register(bannerRoutes, { prefix: '/api', ctx });
  await app.register(publicAvatarRoutes, { prefix: '/api/files/avatars', ctx });
  // LDAP signs in through /api/auth/login; OpenID and social providers through /oauth.
  await app.register(oauthRoutes, { prefix: '/oauth', ctx });

  // Everything else under /api needs a valid access token.
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', authenticate(tokens, repos.users, abuse));
      await scope.register(configRoutes, { ctx });
      await scope.register(userRoutes, { prefix: '/user', ctx });
      await scope.register(convoRoutes, { prefix: '/convos', ctx });
      await scope.register(importRoutes, { prefix: '/convos/import', ctx });
      await scope.register(convoActionRoutes, { prefix: '/convos', ctx });
      await scope.register(messageRoutes, { prefix: '/messages', ctx });
      await scope.register(messageEditRoutes, { prefix: '/messages', ctx });
      await scope.register(chatRoutes, { prefix: '/chat', ctx });
      await scope.register(keyRoutes, { prefix: '/keys', ctx });
      await scope.register(presetRoutes, { prefix: '/presets', ctx });
      await scope.register(shareRoutes, { prefix: '/share', ctx });
      await scope.register(tagRoutes, { prefix: '/tags', ctx });
      await scope.register(roleRoutes, { prefix: '/roles', ctx });
      await scope.register(adminRoutes, { prefix: '/admin', ctx });
      await scope.register(avatarRoutes, { prefix: '/files/images', ctx });
    },
    { prefix: '/api' },
  );

  const webDist = config.webDist;
  const indexHtml = webDist ? path.join(webDist, 'index.html') : null;
  if (webDist && indexHtml && existsSync(indexHtml)) {
    // The build writes .br/.gz beside each asset; they are sent as they are when the client accepts them.
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, preCompressed: true });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (req.method === 'GET' && indexHtml && existsSync(indexHtml) && !url.startsWith('/api/')) {
      // Client-side routes (/chat/…, /login) all serve the SPA shell.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('not_found', ERRORS.not_found.message));
  });

  // Temporary chats are removed once they expire: at start, then every hour.
  const retention = startRetentionJob(db.db, app.log);

  app.addHook('onClose', async () => {
    retention.stop();
    await retention.running();
    await generations.close();
    mailer?.close();
    await limitStore.close();
    await db.close();
  });

  return Object.assign(app, { ctx });
}
