import type { Chunking, ErrorKind, FaultKind, FinishReason, Timing } from '../script.ts';

/**
 * The scenario grammar shared by prompt directives, the `x-fake-scenario` header, scenario model
 * names and string scripts given to `enqueue`:
 *
 *   directive := "[[fake:" item (sep item)* "]]"      sep := whitespace | ","
 *   item      := name | key "=" value
 *
 * Names set behaviour (see README); keys tune it and win over names whatever the order.
 */
export interface ScenarioSpec {
  names: string[];
  unknown: string[];
  reasoning?: 'plain' | 'redacted';
  /** A tool name, or true for "the first tool the request declares". */
  tool?: string | true;
  /** Tool rounds before the answer (`steps=N`): one round per request, counted from the request. */
  steps?: number;
  /** Tools per round (`tools=a|b+c`): round i calls the names of entry i (the last repeats); `+` calls several at once. */
  tools?: string[][];
  error?: { kind: ErrorKind; midstream: boolean; thenOk: boolean };
  fault?: FaultKind;
  tokens?: number;
  finish?: FinishReason;
  /** Chunk count after which a mid-stream error or fault fires. */
  at?: number;
  /** Stall length. */
  ms?: number;
  /** Failing attempts before `…-then-ok` succeeds. */
  fails?: number;
  timing: Timing;
}

const ERRORS: Record<string, ErrorKind> = {
  '401': 'auth',
  auth: 'auth',
  'bad-key': 'auth',
  '429': 'rate_limit',
  'rate-limit': 'rate_limit',
  quota: 'quota',
  'insufficient-quota': 'quota',
  context: 'context_length',
  'context-length': 'context_length',
  error: 'server',
  server: 'server',
  '500': 'server',
  overloaded: 'overloaded',
  '503': 'overloaded',
  '529': 'overloaded',
  '404': 'not_found',
  'not-found': 'not_found',
};

const FAULTS: Record<string, FaultKind> = {
  disconnect: 'disconnect',
  stall: 'stall',
  truncate: 'truncate',
  malformed: 'malformed',
  'no-terminator': 'no_terminator',
  'html-502': 'html_502',
  '502': 'html_502',
  'bad-crc': 'bad_crc',
};

/** Names and what they do, for the README and `GET /__fake/scenarios`. */
export const SCENARIO_NAMES: Record<string, string> = {
  echo: 'default reply: echoes the last user message with a little markdown',
  think: 'reasoning first, then the answer (aliases: thinking, reasoning, think-then-answer)',
  'redacted-thinking': 'an Anthropic redacted_thinking block, then the answer',
  slow: 'ttft=400 tps=15 unless keys say otherwise',
  long: 'a long reply (tokens=600 unless set)',
  'tool-<name>':
    'call tool <name> with arguments built from its declared schema; `tool` = first declared tool',
  'error-<kind>':
    'HTTP error before the stream; kind: 401|auth, 429|rate-limit, quota, context|context-length, 500|server|error, overloaded, 404|not-found',
  'midstream-<kind>':
    "start streaming, then the dialect's mid-stream error after `at` chunks (default 3); midstream-error = server",
  '<kind>-then-ok':
    'HTTP error on the first `fails` attempts (default 1) of the same request, then a normal reply',
  disconnect: 'destroy the socket after `at` chunks (default 3)',
  stall: 'stop sending for `ms` (default 30000) after `at` chunks (default 3)',
  truncate: 'cut the next event in half and end the response',
  malformed: 'send one event with broken JSON, then end',
  'no-terminator': "end without the dialect's terminator ([DONE], message_stop, response.completed)",
  'html-502': 'an HTML 502 page from a "proxy" instead of an API response',
  'bad-crc':
    'Bedrock: send the next event-stream frame with a corrupted message CRC, then end (elsewhere: a disconnect)',
  'steps=N':
    'a tool loop: call tools for N rounds (one round per request, counting the tool rounds already in the request), then answer with the results',
  'tools=a|b+c':
    'the tools each round calls (round i uses entry i, the last repeats; `+` = parallel calls in one round); with `steps`, or alone for one round per entry',
  length: 'finish with the length / max_tokens reason',
  'content-filter': 'finish with the content-filter reason',
};

const int = (v: string): number | undefined => {
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

function errorFrom(name: string): ErrorKind | undefined {
  return ERRORS[name] ?? (name.startsWith('error-') ? ERRORS[name.slice(6)] : undefined);
}

function applyName(spec: ScenarioSpec, name: string): boolean {
  if (name === 'echo' || name === 'default') return true;
  if (['think', 'thinking', 'reasoning', 'think-then-answer'].includes(name)) spec.reasoning = 'plain';
  else if (name === 'redacted-thinking') spec.reasoning = 'redacted';
  else if (name === 'slow') {
    spec.timing.ttftMs ??= 400;
    spec.timing.tokensPerSec ??= 15;
  } else if (name === 'long') spec.tokens ??= 600;
  else if (name === 'tool') spec.tool = true;
  else if (name.startsWith('tool-')) spec.tool = name.slice(5);
  else if (name === 'length' || name === 'max-tokens') spec.finish = 'length';
  else if (name === 'content-filter') spec.finish = 'content_filter';
  else if (FAULTS[name]) spec.fault = FAULTS[name];
  else if (name.startsWith('midstream-')) {
    const kind = errorFrom(name.slice(10));
    if (!kind) return false;
    spec.error = { kind, midstream: true, thenOk: false };
  } else if (name.endsWith('-then-ok')) {
    const kind = errorFrom(name.slice(0, -8));
    if (!kind) return false;
    spec.error = { kind, midstream: false, thenOk: true };
  } else {
    const kind = errorFrom(name);
    if (!kind) return false;
    spec.error = { kind, midstream: false, thenOk: false };
  }
  return true;
}

const TIMING_KEYS: Record<string, keyof Timing> = {
  tps: 'tokensPerSec',
  ttft: 'ttftMs',
  headers: 'headersMs',
  interval: 'interChunkMs',
  jitter: 'jitterMs',
};
const SPEC_KEYS = { tokens: 'tokens', at: 'at', ms: 'ms', fails: 'fails', steps: 'steps' } as const;

/** Apply `key=value`; false (and nothing changed) when the key or value is not understood. */
function applyKey(spec: ScenarioSpec, key: string, value: string): boolean {
  if (key === 'tools') {
    const rounds = value.split('|').map((r) => r.split('+').filter(Boolean));
    if (rounds.length === 0 || rounds.some((r) => r.length === 0)) return false;
    spec.tools = rounds;
    return true;
  }
  if (key === 'chunk') {
    const chunking: Chunking | undefined =
      value === 'word' || value === 'char' ? value : int(value) || undefined;
    if (chunking === undefined) return false;
    spec.timing.chunking = chunking;
    return true;
  }
  const n = int(value);
  if (n === undefined) return false;
  if (key in TIMING_KEYS) (spec.timing as Record<string, number>)[TIMING_KEYS[key]] = n;
  else if (key in SPEC_KEYS) spec[SPEC_KEYS[key as keyof typeof SPEC_KEYS]] = n;
  else return false;
  return true;
}

export const emptySpec = (): ScenarioSpec => ({ names: [], unknown: [], timing: {} });

/** Parse directive bodies (`think tps=20`, `slow, tokens=300`); several bodies merge in order. */
export function parseSpec(bodies: string[]): ScenarioSpec {
  const spec = emptySpec();
  const keys: [string, string][] = [];
  for (const body of bodies)
    for (const item of body.split(/[\s,]+/).filter(Boolean)) {
      const eq = item.indexOf('=');
      if (eq > 0) keys.push([item.slice(0, eq).toLowerCase(), item.slice(eq + 1)]);
      else if (applyName(spec, item.toLowerCase())) spec.names.push(item.toLowerCase());
      else spec.unknown.push(item);
    }
  for (const [k, v] of keys) {
    if (applyKey(spec, k, v)) spec.names.push(`${k}=${v}`);
    else spec.unknown.push(`${k}=${v}`);
  }
  return spec;
}

const DIRECTIVE = /\[\[fake:([^\]]*)\]\]/gi;

/** Directive bodies found in a text. */
export const findDirectives = (text: string): string[] => [...text.matchAll(DIRECTIVE)].map((m) => m[1]);

/** The text without its directives, for echoing back. */
export const stripDirectives = (text: string): string =>
  text
    .replace(DIRECTIVE, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
