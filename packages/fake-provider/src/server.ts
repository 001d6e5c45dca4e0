import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  createServer as createHttp2Server,
  type Http2ServerRequest,
  type Http2ServerResponse,
} from 'node:http2';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { fingerprint, redactHeaders, redactQuery } from './auth.ts';
import { handleControl } from './control-api.ts';
import { matchRoute, type RouteMatch } from './dialects/registry.ts';
import { handleEmbeddings } from './handle-embeddings.ts';
import { authorize, type GenerateState, handleGenerate } from './handle-generate.ts';
import type { Journal } from './journal.ts';
import type { ScenarioQueue } from './scenarios/queue.ts';
import { destroy, type Exchange, finish, sendJson } from './transport/exchange.ts';
import { Pacer } from './transport/pacer.ts';
import { GOOGLE_TOKEN_URL } from './vertex-auth.ts';
import { handleWeb } from './web/handle-web.ts';

export interface ServerState extends GenerateState {
  journal: Journal;
  queue: ScenarioQueue;
  /** Pacers of responses in flight, cancelled on close. */
  active: Set<Pacer>;
  reset(): void;
  /** This server's `/vertex/token` URL, for service accounts made over the control API. */
  tokenUri?: string;
}

const MAX_BODY = 64 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const VERTEX_TOKEN_PATH = '/vertex/token';

const redactJwt = (jwt: string) => {
  const parts = jwt.split('.');
  if (parts.length === 3) parts[2] = fingerprint(parts[2]);
  return parts.join('.');
};

/** The journal keeps the assertion's header and claims but not its signature. */
function redactAssertion(raw: string, contentType: string | undefined): string {
  if (contentType?.includes('application/json'))
    return raw.replace(
      /("assertion"\s*:\s*")([^"]*)"/,
      (_, head: string, jwt: string) => `${head}${redactJwt(jwt)}"`,
    );
  const form = new URLSearchParams(raw);
  const assertion = form.get('assertion');
  if (!assertion) return raw;
  form.set('assertion', redactJwt(assertion));
  return form.toString();
}

/** Form-encoded (as google-auth-library sends it) or JSON. */
function parseForm(raw: string, contentType: string | undefined): Record<string, string> {
  if (contentType?.includes('application/json')) {
    const json = parseJson(raw);
    if (json && typeof json === 'object')
      return Object.fromEntries(Object.entries(json).map(([k, v]) => [k, String(v)]));
    return {};
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

/**
 * `POST /vertex/token` (providers.md §5, §10.6): Google's OAuth token endpoint for service-account
 * JWT assertions. Accepts `aud` = Google's token URL (what google-auth-library signs) or this URL.
 */
function handleVertexToken(state: ServerState, ex: Exchange, req: IncomingMessage, rawBody: string) {
  const form = parseForm(rawBody, req.headers['content-type']);
  const host = req.headers.host ?? '';
  const result = state.services.vertex.exchange(form, [
    GOOGLE_TOKEN_URL,
    `http://${host}${VERTEX_TOKEN_PATH}`,
  ]);
  ex.entry.auth = { scheme: 'oauth', ...(result.clientEmail ? { clientEmail: result.clientEmail } : {}) };
  if (!result.ok) return sendJson(ex, result.status, result.body, { 'cache-control': 'no-store' });
  sendJson(ex, 200, result.body, { 'cache-control': 'no-store', pragma: 'no-cache' });
}

function parseJson(raw: string): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function handleModels(
  state: ServerState,
  ex: Exchange,
  req: IncomingMessage,
  route: RouteMatch,
  query: Record<string, string>,
) {
  const { dialect } = route;
  const denied = authorize(state, ex, req, dialect, route, query);
  if (denied) return sendJson(ex, denied.status, denied.body, denied.headers);
  if (route.kind === 'models') return sendJson(ex, 200, dialect.models.list());
  const one = dialect.models.one(route.model ?? '');
  if (one) return sendJson(ex, 200, one);
  const err = dialect.httpError('not_found', { model: route.model ?? '' });
  sendJson(ex, err.status, err.body, err.headers);
}

const journalKind = (kind: RouteMatch['kind']) =>
  kind === 'generate' || kind === 'embeddings' ? kind : 'models';

async function handle(state: ServerState, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://fake');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const query = Object.fromEntries(url.searchParams);
  const method = req.method ?? 'GET';
  const rawBody = method === 'GET' || method === 'HEAD' ? '' : await readBody(req);

  if (path.startsWith('/__fake')) return handleControl(state, req, res, path, rawBody);

  const isToken = method === 'POST' && path === VERTEX_TOKEN_PATH;
  const isWeb = path.startsWith('/web/');
  const tokenBody = isToken ? redactAssertion(rawBody, req.headers['content-type']) : undefined;
  const route = isToken || isWeb ? undefined : matchRoute(method, path);
  const entry = state.journal.add({
    kind: isToken ? 'token' : isWeb ? 'web' : route ? journalKind(route.kind) : 'unknown',
    method,
    path,
    query: redactQuery(query),
    headers: redactHeaders(req.headers),
    rawBody: tokenBody ?? rawBody,
    body: tokenBody !== undefined ? parseForm(tokenBody, req.headers['content-type']) : parseJson(rawBody),
    dialect: isToken ? 'vertex' : (route?.dialect.name ?? null),
    provider: isToken ? 'vertex' : (route?.dialect.provider ?? null),
    ...(route?.params ? { params: route.params } : {}),
    attempt: 1,
    events: 0,
    emitTimes: [],
    aborted: false,
    done: false,
    startedAt: Date.now(),
  });
  const pacer = new Pacer(state.virtualTime);
  state.active.add(pacer);
  const ex: Exchange = { res, entry, journal: state.journal, pacer, headers: {} };
  res.on('close', () => {
    // A close we did not cause, before the response finished, is the client aborting.
    if (!ex.closing && !entry.done) {
      entry.aborted = true;
      finish(ex, 'client closed the connection');
    }
    pacer.cancel();
    state.active.delete(pacer);
  });

  // Late writes to a socket the client already closed are expected; note them, never crash on them.
  res.on('error', (err) => {
    entry.error ??= err.message;
  });

  try {
    if (isToken) return handleVertexToken(state, ex, req, rawBody);
    if (isWeb && (await handleWeb(ex, req, method, path, query, ex.entry.body))) return;
    if (!route) {
      return sendJson(ex, 404, {
        error: { message: `fake-provider has no route for ${method} ${path}`, type: 'not_found' },
      });
    }
    if (route.kind === 'embeddings') return handleEmbeddings(state, ex, req, route, query, ex.entry.body);
    if (route.kind !== 'generate') return handleModels(state, ex, req, route, query);
    await handleGenerate(state, ex, req, route.dialect, route, query);
  } catch (err) {
    // A bug in the fake must show up as one, not as a client abort.
    const message = err instanceof Error ? err.message : String(err);
    if (res.headersSent) destroy(ex, `fake-provider crashed: ${message}`);
    else sendJson(ex, 500, { error: { message: `fake-provider crashed: ${message}`, type: 'server_error' } });
  }
}

/** The HTTP/2 connection preface starts with these bytes (RFC 9113 §3.4). */
const H2_PREFACE = Buffer.from('PRI * HTTP/2.0');

export interface FakeServer {
  /** The listening socket server; HTTP/1.1 and HTTP/2 cleartext share it. */
  net: NetServer;
  /** Destroy every open connection (both protocols). */
  closeAllConnections(): void;
}

/**
 * One port, two protocols: HTTP/1.1 for most SDKs, HTTP/2 with prior knowledge (h2c) for the ones
 * that insist on it — `@aws-sdk/client-bedrock-runtime` uses NodeHttp2Handler by default, so an
 * `http://` endpoint gets an h2c connection. The first bytes of each connection pick the server.
 */
export function createFakeServer(state: ServerState): FakeServer {
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    handle(state, req, res).catch((err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { message: `fake-provider crashed: ${message}`, type: 'server_error' } }),
        );
      } else res.destroy();
    });
  };
  const http1 = createServer(onRequest);
  // Streams may idle for a long time (stalls, slow tps); Node's defaults would cut them.
  http1.requestTimeout = 0;
  http1.headersTimeout = 60_000;
  http1.keepAliveTimeout = 5_000;
  // The compat API's request/response objects stand in for http's (see transport/exchange.ts for the differences).
  const http2 = createHttp2Server(
    onRequest as unknown as (req: Http2ServerRequest, res: Http2ServerResponse) => void,
  );
  http2.setTimeout(0);

  const sockets = new Set<Socket>();
  const net = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setNoDelay(true);
    let head = Buffer.alloc(0);
    const sniff = () => {
      let chunk: Buffer | null;
      // biome-ignore lint/suspicious/noAssignInExpressions: the standard read loop
      while ((chunk = socket.read()) !== null) head = Buffer.concat([head, chunk]);
      if (head.length < H2_PREFACE.length && head.equals(H2_PREFACE.subarray(0, head.length))) return;
      socket.off('readable', sniff);
      socket.unshift(head);
      const isH2 = head.subarray(0, H2_PREFACE.length).equals(H2_PREFACE);
      (isH2 ? http2 : http1).emit('connection', socket);
    };
    socket.on('readable', sniff);
  });
  return {
    net,
    closeAllConnections: () => {
      http1.closeAllConnections();
      for (const s of sockets) s.destroy();
    },
  };
}
