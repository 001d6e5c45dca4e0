import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import { AppError } from '../errors.ts';

/**
 * Cookies, security headers (helmet with our CSP) and the route-level rate limit plugin (routes opt
 * in with `config.rateLimit`; the app's own limits live in limits/abuse.ts).
 */
export async function security(app: FastifyInstance, config: AppConfig): Promise<void> {
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
}
