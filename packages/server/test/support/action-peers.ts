import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * Real HTTP peers for the actions tests: an API described by an OpenAPI spec (it records every
 * request it gets) and an OAuth 2 authorization server (authorization code with PKCE S256 checked,
 * refresh tokens, client authentication in the body or a Basic header). Both listen on loopback.
 */

export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: string;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function listen(server: Server, host: string): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, host, () => {
      const a = server.address();
      resolve(`http://${host}:${typeof a === 'object' && a ? a.port : 0}`);
    });
  });
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export interface OAuthPeer {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Seconds new access tokens live. */
  expiresIn: number;
  /** How clients authenticated at /token, in order. */
  clientAuth: ('body' | 'basic')[];
  /** Grants /token served, in order. */
  grants: string[];
  /** The redirect_uri of each /authorize request, in order. */
  redirectUris: string[];
  /** Access tokens issued and still valid. */
  tokens: Set<string>;
  /** Codes refused because the PKCE verifier did not match. */
  pkceFailures: number;
  close(): Promise<void>;
}

export async function startOAuthServer(host = '127.0.0.1'): Promise<OAuthPeer> {
  const codes = new Map<string, { challenge: string; method: string; redirectUri: string }>();
  const refresh = new Set<string>();
  const peer: Omit<OAuthPeer, 'url' | 'close'> = {
    clientId: 'parley-client',
    clientSecret: 'client-secret-Xq7!',
    expiresIn: 3600,
    clientAuth: [],
    grants: [],
    redirectUris: [],
    tokens: new Set(),
    pkceFailures: 0,
  };
  const issue = () => {
    const access = `at_${randomBytes(12).toString('hex')}`;
    const rt = `rt_${randomBytes(12).toString('hex')}`;
    peer.tokens.add(access);
    refresh.add(rt);
    return { access_token: access, refresh_token: rt, token_type: 'Bearer', expires_in: peer.expiresIn };
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/authorize') {
      // Consent is automatic: the user "signs in" by following the link.
      const p = url.searchParams;
      if (p.get('client_id') !== peer.clientId || p.get('response_type') !== 'code')
        return json(res, 400, { error: 'invalid_request' });
      peer.redirectUris.push(p.get('redirect_uri') ?? '');
      const code = `code_${randomBytes(8).toString('hex')}`;
      codes.set(code, {
        challenge: p.get('code_challenge') ?? '',
        method: p.get('code_challenge_method') ?? '',
        redirectUri: p.get('redirect_uri') ?? '',
      });
      const back = new URL(p.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', p.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const basic = req.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(req.headers.authorization.slice(6), 'base64')
            .toString()
            .split(':')
            .map(decodeURIComponent)
        : null;
      const [id, secret] = basic ?? [form.get('client_id'), form.get('client_secret')];
      peer.clientAuth.push(basic ? 'basic' : 'body');
      if (id !== peer.clientId || secret !== peer.clientSecret)
        return json(res, 401, { error: 'invalid_client' });
      const grant = form.get('grant_type') ?? '';
      peer.grants.push(grant);
      if (grant === 'authorization_code') {
        const c = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!c || c.redirectUri !== form.get('redirect_uri'))
          return json(res, 400, { error: 'invalid_grant' });
        const verifier = form.get('code_verifier') ?? '';
        const expected = createHash('sha256').update(verifier).digest('base64url');
        if (c.method !== 'S256' || expected !== c.challenge) {
          peer.pkceFailures++;
          return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
        }
        return json(res, 200, issue());
      }
      if (grant === 'refresh_token') {
        const rt = form.get('refresh_token') ?? '';
        if (!refresh.has(rt)) return json(res, 400, { error: 'invalid_grant' });
        refresh.delete(rt);
        return json(res, 200, issue());
      }
      return json(res, 400, { error: 'unsupported_grant_type' });
    }
    json(res, 404, { error: 'not_found' });
  });
  const url = await listen(server, host);
  return Object.assign(peer, {
    url,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}

export interface ApiPeer {
  url: string;
  seen: SeenRequest[];
  /** Set by the test: a redirect target for /redirect and text for /advice. */
  redirectTo: string;
  advice: string;
  close(): Promise<void>;
}

/**
 * The API: /weather/{city} (answers what it was sent), /alerts (POST JSON), /me (needs an access
 * token `oauth` issued), /echo-auth (answers the Authorization header: a badly behaved API), /redirect
 * (302 to `redirectTo`), /advice (a text trying to steer the model elsewhere).
 */
export async function startApiServer(host = '127.0.0.1', oauth?: OAuthPeer): Promise<ApiPeer> {
  const peer = { seen: [] as SeenRequest[], redirectTo: '', advice: '' };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const body = await readBody(req);
    peer.seen.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
    });
    const weather = /^\/v1\/weather\/([^/]+)$/.exec(url.pathname);
    if (weather)
      return json(res, 200, {
        city: decodeURIComponent(weather[1]),
        units: url.searchParams.get('units'),
        forecast: 'sunny, 21°C',
      });
    if (url.pathname === '/v1/alerts' && req.method === 'POST')
      return json(res, 201, { created: JSON.parse(body || '{}') });
    if (url.pathname === '/v1/me') {
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!oauth?.tokens.has(token)) return json(res, 401, { error: 'unauthorized' });
      return json(res, 200, { name: 'Ada', plan: 'pro' });
    }
    if (url.pathname === '/v1/echo-auth')
      return json(res, 200, { youSent: req.headers.authorization ?? null });
    if (url.pathname === '/v1/redirect') {
      res.writeHead(302, { location: peer.redirectTo });
      return res.end();
    }
    if (url.pathname === '/v1/advice') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end(peer.advice);
    }
    json(res, 404, { error: 'not_found' });
  });
  const url = await listen(server, host);
  return Object.assign(peer, { url, close: () => new Promise<void>((r) => server.close(() => r())) });
}

/** The API's spec, its server at `base` (…/v1), OAuth-protected /me when `oauth` is given. */
export function apiSpec(base: string, opts: { withIds?: boolean } = {}): string {
  const id = (name: string) => (opts.withIds === false ? {} : { operationId: name });
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Test API', version: '1.0.0' },
    servers: [{ url: `${base}/v1` }],
    paths: {
      '/weather/{city}': {
        get: {
          ...id('getWeather'),
          summary: 'Weather for a city',
          parameters: [
            { name: 'city', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'units', in: 'query', schema: { type: 'string' } },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
      '/alerts': {
        post: {
          ...id('createAlert'),
          summary: 'Create an alert',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { city: { type: 'string' }, level: { type: 'integer' } },
                },
              },
            },
          },
          responses: { '201': { description: 'created' } },
        },
      },
      '/me': { get: { ...id('getMe'), summary: 'Who I am', responses: { '200': { description: 'ok' } } } },
      '/echo-auth': { get: { ...id('echoAuth'), responses: { '200': { description: 'ok' } } } },
      '/redirect': { get: { ...id('follow'), responses: { '302': { description: 'elsewhere' } } } },
      '/advice': {
        get: {
          ...id('getAdvice'),
          parameters: [{ name: 'topic', in: 'query', schema: { type: 'string' } }],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  });
}
