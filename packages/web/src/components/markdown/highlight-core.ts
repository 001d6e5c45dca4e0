import type { HighlighterCore } from 'shiki/core';
import { MAX_HIGHLIGHT_CHARS } from './highlight-limits.ts';

/**
 * Shiki itself: the core, the JavaScript regex engine (no WASM) and each grammar arrive as
 * separate chunks. This runs inside the highlight worker, so loading and compiling a grammar
 * (hundreds of milliseconds for TypeScript) never blocks the page.
 */

/** One token: its text and the CSS variables that colour it in the light and dark themes. */
export type HighlightedToken = { content: string; htmlStyle?: Record<string, string> };
export type HighlightedLine = HighlightedToken[];

const LIGHT = 'github-light';
const DARK = 'github-dark';

let highlighter: Promise<HighlighterCore> | null = null;
const languageLoads = new Map<string, Promise<string | null>>();

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

/** Tokens for a code block, or null when the language is unknown or the code too long. */
export async function tokenize(code: string, lang: string): Promise<HighlightedLine[] | null> {
  if (!lang || code.length > MAX_HIGHLIGHT_CHARS) return null;
  const core = await getHighlighter();
  const id = await loadLanguage(core, lang);
  if (!id) return null;
  const { tokens } = core.codeToTokens(code, {
    lang: id,
    themes: { light: LIGHT, dark: DARK },
    defaultColor: false,
  });
  // Only what the page renders crosses back to it.
  return tokens.map((line) =>
    line.map((token) => ({
      content: token.content,
      htmlStyle: token.htmlStyle as Record<string, string> | undefined,
    })),
  );
}
