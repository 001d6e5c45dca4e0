import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { checkKey, extractKey, redactHeaders, redactQuery } from './auth.ts';
import { handleControl } from './control-api.ts';
import { matchRoute, type RouteMatch } from './dialects/registry.ts';
import { type GenerateState, handleGenerate } from './handle-generate.ts';
import type { Journal } from './journal.ts';
import type { ScenarioQueue } from './scenarios/queue.ts';
import { destroy, type Exchange, finish, sendJson } from './transport/exchange.ts';
import { Pacer } from './transport/pacer.ts';

export interface ServerState extends GenerateState {
  journal: Journal;
  queue: ScenarioQueue;
  /** Pacers of responses in flight, cancelled on close. */
  active: Set<Pacer>;
  reset(): void;
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

function parseJson(raw: string): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function handleModels(ex: Exchange, req: IncomingMessage, route: RouteMatch, query: Record<string, string>) {
  const { dialect } = route;
  const key = extractKey(req.headers, query, dialect.keySources);
  if (!dialect.authOptional && !checkKey(key).ok) {
    const err = dialect.httpError('auth', { model: '', key });
    return sendJson(ex, err.status, err.body, err.headers);
  }
  if (route.kind === 'models') return sendJson(ex, 200, dialect.models.list());
  const one = dialect.models.one(route.model ?? '');
  if (one) return sendJson(ex, 200, one);
  const err = dialect.httpError('not_found', { model: route.model ?? '' });
  sendJson(ex, err.status, err.body, err.headers);
}

async function handle(state: ServerState, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://fake');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const query = Object.fromEntries(url.searchParams);
  const method = req.method ?? 'GET';
  const rawBody = method === 'GET' || method === 'HEAD' ? '' : await readBody(req);

  if (path.startsWith('/__fake')) return handleControl(state, req, res, path, rawBody);

  const route = matchRoute(method, path);
  const entry = state.journal.add({
    kind: route ? (route.kind === 'generate' ? 'generate' : 'models') : 'unknown',
    method,
    path,
    query: redactQuery(query),
    headers: redactHeaders(req.headers),
    rawBody,
    body: parseJson(rawBody),
    dialect: route?.dialect.name ?? null,
    provider: route?.dialect.provider ?? null,
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
    if (!route) {
      return sendJson(ex, 404, {
        error: { message: `fake-provider has no route for ${method} ${path}`, type: 'not_found' },
      });
    }
    if (route.kind !== 'generate') return handleModels(ex, req, route, query);
    await handleGenerate(state, ex, req, route.dialect, route, query);
  } catch (err) {
    // A bug in the fake must show up as one, not as a client abort.
    const message = err instanceof Error ? err.message : String(err);
    if (res.headersSent) destroy(ex, `fake-provider crashed: ${message}`);
    else sendJson(ex, 500, { error: { message: `fake-provider crashed: ${message}`, type: 'server_error' } });
  }
}

export function createFakeServer(state: ServerState): Server {
  const server = createServer((req, res) => {
    handle(state, req, res).catch((err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { message: `fake-provider crashed: ${message}`, type: 'server_error' } }),
        );
      } else res.destroy();
    });
  });
  // Streams may idle for a long time (stalls, slow tps); Node's defaults would cut them.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  server.keepAliveTimeout = 5_000;
  return server;
}
