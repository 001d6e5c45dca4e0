import { type DialectName, lastUserText, type NormalizedRequest, type ProviderName } from '../normalized.ts';
import type { Script } from '../script.ts';

/** Which requests a queued script applies to; every given field must match. */
export interface ScenarioMatch {
  /** A dialect (`openai-chat`, `openai-responses`, …) or provider family (`openai`, `anthropic`, …). */
  provider?: DialectName | ProviderName;
  model?: string | RegExp;
  match?: { lastUserText?: RegExp | string };
  /** How many requests it serves before it is used up (default 1; Infinity for "always"). */
  times?: number;
}

interface Queued {
  id: number;
  match: ScenarioMatch;
  /** A Script, or a string in the directive grammar (`"think tps=20"`). */
  script: Script | string;
  left: number;
}

const test = (pattern: string | RegExp | undefined, value: string) =>
  pattern === undefined || (typeof pattern === 'string' ? value.includes(pattern) : pattern.test(value));

/** The per-test queue (providers.md §10.3 step 1): first matching entry, first in first out. */
export class ScenarioQueue {
  private items: Queued[] = [];
  private nextId = 1;

  enqueue(match: ScenarioMatch, script: Script | string): number {
    const id = this.nextId++;
    this.items.push({ id, match, script, left: match.times ?? 1 });
    return id;
  }

  take(req: NormalizedRequest): { id: number; script: Script | string } | undefined {
    const i = this.items.findIndex(
      ({ match: m }) =>
        (!m.provider || m.provider === req.dialect || m.provider === req.provider) &&
        (typeof m.model === 'string' ? m.model === req.model : test(m.model, req.model)) &&
        test(m.match?.lastUserText, lastUserText(req)),
    );
    if (i === -1) return undefined;
    const item = this.items[i];
    if (--item.left <= 0) this.items.splice(i, 1);
    return { id: item.id, script: item.script };
  }

  list() {
    return this.items.map(({ id, match, script, left }) => ({
      id,
      match: {
        ...match,
        model: match.model?.toString(),
        match: { lastUserText: match.match?.lastUserText?.toString() },
      },
      script,
      left,
    }));
  }

  clear(): void {
    this.items = [];
  }
}
