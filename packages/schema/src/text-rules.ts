import { SEARCH_TERMS_MAX, TITLE_MAX, UNTITLED } from './constants.ts';

/** How titles and search words are normalised: the same rules on the client and the server, free of zod. */

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * A rename as the server stores it (doc 1 §5): trimmed, at most 100 characters, an empty title
 * becomes 'Untitled'.
 */
export function normalizeTitle(raw: string): string {
  const title = raw.trim().slice(0, TITLE_MAX).trim();
  return title || UNTITLED;
}

/** Lower-case, accents removed: how both the client and the index compare words. */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The words of a search query, as the server matches them (every word, as a prefix) and the
 * client highlights them. Punctuation separates words; nothing else of the query reaches SQL.
 */
export function searchTerms(query: string): string[] {
  const out: string[] = [];
  for (const m of query.matchAll(WORD)) {
    const word = m[0].toLowerCase();
    if (!out.includes(word)) out.push(word);
    if (out.length === SEARCH_TERMS_MAX) break;
  }
  return out;
}
