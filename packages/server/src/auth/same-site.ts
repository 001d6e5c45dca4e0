import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import { AppError } from '../errors.ts';

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * onRequest hook for the routes the refresh cookie authenticates (refresh, logout). SameSite=Strict
 * already keeps the cookie out of cross-site requests; this refuses them on the server too, for
 * browsers or proxies that get the cookie rule wrong. A request is cross-site when the browser says
 * so (`Sec-Fetch-Site: cross-site`) or its `Origin` is neither this host nor DOMAIN_CLIENT/SERVER.
 * Requests without either header (curl, older browsers on same-origin GETs) pass: without the
 * cookie they can do nothing.
 */
export function refuseCrossSite(config: Pick<AppConfig, 'domainClient' | 'domainServer'>) {
  const trusted = new Set([originOf(config.domainClient), originOf(config.domainServer)]);
  return async (req: FastifyRequest) => {
    if (req.headers['sec-fetch-site'] === 'cross-site') throw crossSite();
    const origin = req.headers.origin;
    if (origin === undefined || trusted.has(origin)) return;
    // Scheme left out: behind a TLS proxy without TRUST_PROXY the app sees http for an https page.
    const host = origin === 'null' ? null : originOf(origin) && new URL(origin).host;
    if (!host || host !== req.headers.host) throw crossSite();
  };
}

const crossSite = () => new AppError('forbidden', 'Cross-site requests are not allowed here.');
