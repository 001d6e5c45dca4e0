import type { IncomingHttpHeaders } from 'node:http';
import { lastUserText, type NormalizedRequest } from '../normalized.ts';
import type { Rng } from '../prng.ts';
import type { Script } from '../script.ts';
import { buildScript } from './build-script.ts';
import { findDirectives, parseSpec } from './grammar.ts';
import { scenarioFromModel } from './model-names.ts';
import type { ScenarioQueue } from './queue.ts';
import { isTitleRequest, titleReply } from './replies.ts';

export interface Resolution {
  source: 'queue' | 'header' | 'directive' | 'model' | 'default';
  name: string;
  script: Script;
}

/**
 * Scenario selection (providers.md §10.3), first hit wins: per-test queue, `x-fake-scenario`
 * header, `[[fake:…]]` directives in the last user message, a `fake-…` model name, the default echo.
 * Title requests skip directives and model scenarios and get a short title.
 */
export function resolveScenario(
  req: NormalizedRequest,
  headers: IncomingHttpHeaders,
  queue: ScenarioQueue,
  r: Rng,
  attempt: number,
): Resolution {
  const fromGrammar = (source: Resolution['source'], bodies: string[]): Resolution => {
    const spec = parseSpec(bodies);
    return { source, name: spec.names.join(' ') || 'echo', script: buildScript(spec, req, r, attempt) };
  };

  const queued = queue.take(req);
  if (queued) {
    if (typeof queued.script === 'string')
      return { ...fromGrammar('queue', [queued.script]), name: `#${queued.id} ${queued.script}` };
    return { source: 'queue', name: `#${queued.id}`, script: queued.script };
  }
  const header = headers['x-fake-scenario'];
  if (typeof header === 'string' && header.trim()) return fromGrammar('header', [header]);
  if (isTitleRequest(req))
    return { source: 'default', name: 'title', script: { steps: [{ type: 'text', text: titleReply(req) }] } };
  const directives = findDirectives(lastUserText(req));
  if (directives.length) return fromGrammar('directive', directives);
  const fromModel = scenarioFromModel(req.model);
  if (fromModel) return fromGrammar('model', [fromModel]);
  return fromGrammar('default', []);
}
