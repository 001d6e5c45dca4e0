import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from './auth/identify.ts';
import { requestSerializer } from './auth/sso/log-redact.ts';
import { type AppConfig, loadEnv } from './config/env.ts';
import { jsonBodies } from './plugins/bodies.ts';
import { errorHandling } from './plugins/errors.ts';
import { security } from './plugins/security.ts';
import { spa } from './plugins/spa.ts';
import { authedRoutes, publicRoutes } from './routes/index.ts';
import { buildServices, type Services } from './services.ts';

export interface BuildOptions {
  config?: AppConfig;
  /** Extra environment for loadEnv (tests). */
  env?: NodeJS.ProcessEnv;
}

/** The whole app as one Fastify instance; tests build exactly what production runs. */
export async function buildApp(opts: BuildOptions = {}): Promise<FastifyInstance & { ctx: Services }> {
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

  const { services: ctx, close } = await buildServices(config, app.log);
  app.addHook('onClose', close);

  errorHandling(app);
  jsonBodies(app);
  await security(app, config);

  app.get('/health', async () => ({ status: 'ok' }));
  for (const [prefix, plugin] of publicRoutes) await app.register(plugin, { prefix, ctx });
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', requireUser(ctx));
      for (const [prefix, plugin] of authedRoutes) await scope.register(plugin, { prefix, ctx });
    },
    { prefix: '/api' },
  );

  await spa(app, config.webDist);
  return Object.assign(app, { ctx });
}
