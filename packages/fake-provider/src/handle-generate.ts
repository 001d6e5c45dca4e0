import type { IncomingMessage } from 'node:http';
import { checkKey, extractKey } from './auth.ts';
import {
  DecodeError,
  type Dialect,
  type DialectServices,
  type EncodeContext,
  type ErrorInfo,
  type HttpError,
  type RouteInfo,
} from './dialect.ts';
import { hash32, idMaker, rng, sha256Hex } from './prng.ts';
import type { ScenarioQueue } from './scenarios/queue.ts';
import { resolveScenario } from './scenarios/resolve.ts';
import type { Timing } from './script.ts';
import { type Exchange, sendHtml502, sendJson } from './transport/exchange.ts';
import { planScript } from './transport/plan.ts';
import { runStream } from './transport/stream.ts';
import { runWhole } from './transport/whole.ts';

/** Script timing over the defaults; an undefined field never erases a default. */
function mergeTiming(base: Timing, over: Timing = {}): Timing {
  const out: Timing = { ...base };
  for (const [k, v] of Object.entries(over)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

export interface GenerateState {
  queue: ScenarioQueue;
  seed: number;
  virtualTime: boolean;
  /** Defaults for every request (CLI `--ttft-ms`, `--tps`); scripts override them. */
  timing: Timing;
  /** Attempts per request-body hash, for retries and `…-then-ok`. */
  attempts: Map<string, number>;
  now: () => number;
  /** Vertex's service accounts and issued tokens. */
  services: DialectServices;
}

/**
 * The auth check for a route: the dialect's own `authenticate` (recorded in the journal) or the
 * key shape check. Returns the error to answer with, if any.
 */
export function authorize(
  state: Pick<GenerateState, 'services'>,
  ex: Exchange,
  req: IncomingMessage,
  dialect: Dialect,
  route: RouteInfo,
  query: Record<string, string>,
): HttpError | undefined {
  if (dialect.authenticate) {
    const outcome = dialect.authenticate({ headers: req.headers, query, route, services: state.services });
    ex.entry.auth = outcome.record;
    ex.journal.changed();
    return outcome.error;
  }
  const key = extractKey(req.headers, query, dialect.keySources);
  if (dialect.authOptional || checkKey(key).ok) return undefined;
  return dialect.httpError('auth', { model: route.model ?? '', key });
}

/**
 * The pipeline (providers.md §10.2): decode → normalized request → auth → scenario → Script →
 * encoder → transport, recording each stage in the journal entry.
 */
export async function handleGenerate(
  state: GenerateState,
  ex: Exchange,
  req: IncomingMessage,
  dialect: Dialect,
  route: RouteInfo,
  query: Record<string, string>,
) {
  const { entry } = ex;
  const bodyHash = sha256Hex(entry.rawBody);
  const seed = hash32(`${state.seed}:${bodyHash}`);
  const ids = idMaker(rng(seed ^ 0x5bd1e995));
  ex.headers = dialect.responseHeaders?.(ids) ?? {};
  const baseInfo: ErrorInfo = { model: route.model ?? '', requestId: ids('req_011C') };
  const fail = (kind: Parameters<Dialect['httpError']>[0], info: Partial<ErrorInfo> = {}) => {
    const err = dialect.httpError(kind, { ...baseInfo, ...info });
    sendJson(ex, err.status, err.body, err.headers);
  };

  // Gateways with their own auth (SigV4, OAuth, Azure's api-version) refuse before reading the body.
  if (dialect.authenticate) {
    const denied = authorize(state, ex, req, dialect, route, query);
    if (denied) return sendJson(ex, denied.status, denied.body, denied.headers);
  }
  if (entry.body === undefined)
    return fail('invalid_request', { message: 'We could not parse the JSON body of your request.' });
  const headerProblem = dialect.checkHeaders?.(req.headers);
  if (headerProblem) return fail('invalid_request', { message: headerProblem });

  let request: ReturnType<Dialect['decode']>;
  try {
    request = dialect.decode(entry.body as Record<string, unknown>, route);
  } catch (e) {
    if (e instanceof DecodeError) return fail('invalid_request', { message: e.message });
    throw e;
  }
  entry.request = request;
  baseInfo.model = request.model;

  const key = extractKey(req.headers, query, dialect.keySources);
  if (!dialect.authenticate && !dialect.authOptional) {
    const auth = checkKey(key);
    if (!auth.ok) return fail('auth', { key });
  }

  // Retry counting only needs recent requests; a long CLI session must not grow without bound.
  if (state.attempts.size > 10_000) state.attempts.clear();
  const attempt = (state.attempts.get(bodyHash) ?? 0) + 1;
  state.attempts.set(bodyHash, attempt);
  entry.attempt = attempt;
  const r = rng(seed);
  const resolution = resolveScenario(request, req.headers, state.queue, r, attempt);
  entry.scenario = { source: resolution.source, name: resolution.name };
  entry.script = resolution.script;
  ex.journal.changed();

  const script = resolution.script;
  // Virtual time zeroes every delay (explicit stall faults excepted) but keeps the chunking.
  const timing: Timing = state.virtualTime
    ? { chunking: script.timing?.chunking ?? state.timing.chunking }
    : mergeTiming(state.timing, script.timing);
  const plan = planScript(script, request, timing.chunking);
  const ctx: EncodeContext = {
    request,
    raw: entry.body as Record<string, unknown>,
    query,
    route,
    ids,
    created: Math.floor(state.now() / 1000),
    usage: plan.usage,
  };
  const info: ErrorInfo = { ...baseInfo, promptTokens: plan.usage.input, key };

  if (plan.preHeaders) {
    if (timing.headersMs && !(await ex.pacer.until(ex.pacer.now() + timing.headersMs))) return;
    if (plan.preHeaders.type === 'fault') return sendHtml502(ex);
    return fail(plan.preHeaders.kind, { ...info, message: plan.preHeaders.message });
  }
  if (request.stream) return runStream(ex, dialect.streamEncoder(ctx), plan, timing, r, info);
  return runWhole(ex, dialect, ctx, plan, timing, info);
}
