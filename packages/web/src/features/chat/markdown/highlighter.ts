import type { HighlighterCore, ThemedToken } from 'shiki/core';

/**
 * Syntax highlighting, loaded on first use only (shiki is far too big for the critical path):
 * the core, the JavaScript regex engine (no WASM) and each grammar arrive as separate chunks.
 */

export type HighlightedLine = ThemedToken[];

const MAX_HIGHLIGHT_CHARS = 60_000;
const LIGHT = 'github-light';
const DARK = 'github-dark';

let highlighter: Promise<HighlighterCore> | null = null;
const languageLoads = new Map<string, Promise<string | null>>();
const cache = new Map<string, HighlightedLine[]>();
const CACHE_MAX = 200;

function getHighlighter(): Promise<HighlighterCore> {
  if (!highlighter) {
    highlighter = (async () => {
      const [{ createHighlighterCore }, { createJavaScriptRegexEngine }, { bundledThemes }] =
        await Promise.all([import('shiki/core'), import('shiki/engine/javascript'), import('shiki/themes')]);
      return createHighlighterCore({
        themes: [bundledThemes[LIGHT](), bundledThemes[DARK]()],
        langs: [],
        engine: createJavaScriptRegexEngine({ forgiving: true }),
      });
    })();
    highlighter.catch(() => {
      highlighter = null;
    });
  }
  return highlighter;
}

/** Load a grammar by name or alias; resolves to the canonical id, or null when unknown. */
function loadLanguage(core: HighlighterCore, lang: string): Promise<string | null> {
  const key = lang.toLowerCase();
  let pending = languageLoads.get(key);
  if (!pending) {
    pending = (async () => {
      const { bundledLanguages } = await import('shiki/langs');
      const loader = (bundledLanguages as Record<string, (() => Promise<unknown>) | undefined>)[key];
      if (!loader) return null;
      await core.loadLanguage(loader as Parameters<HighlighterCore['loadLanguage']>[0]);
      return key;
    })().catch(() => null);
    languageLoads.set(key, pending);
  }
  return pending;
}

/** Tokens for a completed code block, or null when the language is unknown or the code too long. */
export async function highlight(code: string, lang: string): Promise<HighlightedLine[] | null> {
  if (!lang || code.length > MAX_HIGHLIGHT_CHARS) return null;
  const cacheKey = `${lang}\u0000${code}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const core = await getHighlighter();
  const id = await loadLanguage(core, lang);
  if (!id) return null;
  const { tokens } = core.codeToTokens(code, {
    lang: id,
    themes: { light: LIGHT, dark: DARK },
    defaultColor: false,
  });
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(cacheKey, tokens);
  return tokens;
}

export function peekHighlight(code: string, lang: string): HighlightedLine[] | null {
  return cache.get(`${lang}\u0000${code}`) ?? null;
}
