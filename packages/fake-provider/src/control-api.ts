import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DialectServices } from './dialect.ts';
import type { Journal } from './journal.ts';
import { SCENARIO_NAMES } from './scenarios/grammar.ts';
import { SCENARIO_MODELS } from './scenarios/model-names.ts';
import type { ScenarioMatch, ScenarioQueue } from './scenarios/queue.ts';
import { createTestServiceAccount, type ServiceAccountKey } from './vertex-auth.ts';

export interface ControlState {
  journal: Journal;
  queue: ScenarioQueue;
  services: DialectServices;
  tokenUri?: string;
  reset(): void;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** JSON has no RegExp: `{"lastUserText": {"regex": "…", "flags": "i"}}` stands for one. */
function reviveMatch(raw: Record<string, unknown>): ScenarioMatch {
  const m = { ...raw } as ScenarioMatch & { match?: { lastUserText?: unknown } };
  const text = m.match?.lastUserText as { regex?: string; flags?: string } | string | undefined;
  if (text && typeof text === 'object' && typeof text.regex === 'string')
    m.match = { lastUserText: new RegExp(text.regex, text.flags) };
  const model = raw.model as { regex?: string; flags?: string } | string | undefined;
  if (model && typeof model === 'object' && typeof model.regex === 'string')
    m.model = new RegExp(model.regex, model.flags);
  if (raw.times === null) m.times = Number.POSITIVE_INFINITY;
  return m;
}

/**
 * The control API (providers.md §10.7): `/__fake/requests` (GET journal, DELETE clears),
 * `/__fake/scenarios` (POST `{match, script}` enqueues, GET lists, DELETE clears), `/__fake/reset`,
 * `/__fake/service-accounts` (POST `{}` makes and registers a Vertex service account and returns its
 * key file; POST `{client_email, private_key|public_key}` registers one; GET lists emails).
 */
export function handleControl(
  state: ControlState,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  body: string,
) {
  const url = new URL(req.url ?? '/', 'http://fake');
  const method = req.method ?? 'GET';
  if (path === '/__fake/requests') {
    if (method === 'DELETE') {
      state.journal.clear();
      return json(res, 200, { ok: true });
    }
    const dialect = url.searchParams.get('dialect');
    const limit = Number(url.searchParams.get('limit') ?? 0);
    let entries = state.journal
      .all()
      .filter((e) => !dialect || e.dialect === dialect || e.provider === dialect);
    if (limit > 0) entries = entries.slice(-limit);
    return json(res, 200, entries);
  }
  if (path === '/__fake/scenarios') {
    if (method === 'POST') {
      let parsed: { match?: Record<string, unknown>; script?: unknown };
      try {
        parsed = JSON.parse(body || '{}');
      } catch {
        return json(res, 400, { error: 'body must be JSON: {match, script}' });
      }
      if (!parsed.script || (typeof parsed.script !== 'string' && typeof parsed.script !== 'object'))
        return json(res, 400, { error: 'script must be a Script object or a directive string' });
      const id = state.queue.enqueue(reviveMatch(parsed.match ?? {}), parsed.script as never);
      return json(res, 200, { ok: true, id });
    }
    if (method === 'DELETE') {
      state.queue.clear();
      return json(res, 200, { ok: true });
    }
    return json(res, 200, { queued: state.queue.list(), names: SCENARIO_NAMES, models: SCENARIO_MODELS });
  }
  if (path === '/__fake/service-accounts') {
    if (method === 'GET') return json(res, 200, { accounts: state.services.vertex.accountEmails() });
    if (method === 'POST') {
      let parsed: Partial<ServiceAccountKey> & { projectId?: string; clientEmail?: string };
      try {
        parsed = JSON.parse(body || '{}');
      } catch {
        return json(res, 400, { error: 'body must be JSON' });
      }
      try {
        // With a key: register it. Without: make one, register it and hand back the key file.
        if (parsed.private_key || parsed.public_key) {
          state.services.vertex.register(parsed as ServiceAccountKey);
          return json(res, 200, { ok: true, client_email: parsed.client_email });
        }
        const sa = createTestServiceAccount({
          tokenUri: state.tokenUri,
          projectId: parsed.projectId ?? parsed.project_id,
          clientEmail: parsed.clientEmail ?? parsed.client_email,
        });
        state.services.vertex.register(sa);
        return json(res, 200, sa);
      } catch (e) {
        return json(res, 400, { error: e instanceof Error ? e.message : String(e) });
      }
    }
  }
  if (path === '/__fake/reset' && (method === 'POST' || method === 'DELETE')) {
    state.reset();
    return json(res, 200, { ok: true });
  }
  return json(res, 404, { error: `no control route ${method} ${path}` });
}
