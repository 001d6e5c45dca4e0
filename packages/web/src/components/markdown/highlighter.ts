import type { HighlightRequest, HighlightResponse } from './highlight.worker.ts';
import type { HighlightedLine } from './highlight-core.ts';
import { MAX_HIGHLIGHT_CHARS } from './highlight-limits.ts';

export type { HighlightedLine } from './highlight-core.ts';

/**
 * Syntax highlighting for finished code blocks. Shiki runs in a Web Worker, started on the first
 * block: compiling a grammar takes hundreds of milliseconds, which on the main thread would freeze
 * a streaming reply (bench:ui measured 300 ms tasks). Results are cached by language and code, so
 * a block that remounts (virtualized list, new chat → saved chat) paints highlighted at once.
 */

const CACHE_MAX = 200;
const cache = new Map<string, HighlightedLine[]>();
const inflight = new Map<string, Promise<HighlightedLine[] | null>>();

type Tokenizer = (code: string, lang: string) => Promise<HighlightedLine[] | null>;
let tokenizer: Tokenizer | null = null;

function workerTokenizer(): Tokenizer {
  const worker = new Worker(new URL('./highlight.worker.ts', import.meta.url), { type: 'module' });
  const pending = new Map<number, (lines: HighlightedLine[] | null) => void>();
  let nextId = 0;
  worker.onmessage = (event: MessageEvent<HighlightResponse>) => {
    pending.get(event.data.id)?.(event.data.lines);
    pending.delete(event.data.id);
  };
  worker.onerror = () => {
    // The worker failed to start: leave every waiting block plain.
    for (const resolve of pending.values()) resolve(null);
    pending.clear();
  };
  return (code, lang) =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      worker.postMessage({ id, code, lang } satisfies HighlightRequest);
    });
}

function getTokenizer(): Tokenizer {
  if (!tokenizer) {
    // Without workers (unit tests under jsdom) code blocks stay plain.
    tokenizer = typeof Worker === 'function' ? workerTokenizer() : () => Promise.resolve(null);
  }
  return tokenizer;
}

/** Tokens for a completed code block, or null when the language is unknown or the code too long. */
export function highlight(code: string, lang: string): Promise<HighlightedLine[] | null> {
  if (!lang || code.length > MAX_HIGHLIGHT_CHARS) return Promise.resolve(null);
  const key = `${lang}\u0000${code}`;
  const hit = cache.get(key);
  if (hit) return Promise.resolve(hit);
  let pending = inflight.get(key);
  if (!pending) {
    pending = getTokenizer()(code, lang).then((lines) => {
      inflight.delete(key);
      if (lines) {
        if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
        cache.set(key, lines);
      }
      return lines;
    });
    inflight.set(key, pending);
  }
  return pending;
}

export function peekHighlight(code: string, lang: string): HighlightedLine[] | null {
  return cache.get(`${lang}\u0000${code}`) ?? null;
}
