import { foldWord } from '@parley/schema';

/** A run of text, marked when it is (the start of) a searched word. */
export type TextPart = { text: string; match: boolean };

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * Split text into plain and matched runs the way the server matched it: a word matches when it
 * starts with one of the terms (case and accents ignored). Only the matched prefix is marked.
 * The result is rendered as React text nodes: nothing is ever injected as HTML.
 */
export function highlightParts(text: string, terms: string[]): TextPart[] {
  const folded = terms.map(foldWord).filter(Boolean);
  if (folded.length === 0 || !text) return text ? [{ text, match: false }] : [];
  const parts: TextPart[] = [];
  let last = 0;
  const push = (t: string, match: boolean) => {
    if (!t) return;
    const prev = parts[parts.length - 1];
    if (prev && prev.match === match) prev.text += t;
    else parts.push({ text: t, match });
  };
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    const start = m.index ?? 0;
    const f = foldWord(word);
    const term = folded.filter((t) => f.startsWith(t)).sort((a, b) => b.length - a.length)[0];
    if (!term) continue;
    const len = matchedLength(word, term.length);
    push(text.slice(last, start), false);
    push(word.slice(0, len), true);
    last = start + len;
  }
  push(text.slice(last), false);
  return parts;
}

/** How many characters of `word` cover `foldedLength` folded characters (accents are dropped). */
function matchedLength(word: string, foldedLength: number): number {
  let count = 0;
  let i = 0;
  for (const ch of word) {
    if (count >= foldedLength) break;
    count += foldWord(ch).length;
    i += ch.length;
  }
  return i;
}

/**
 * A window of a long message around its first match, cut at word boundaries, with ellipses where
 * text was left out. Whitespace runs collapse so the excerpt reads as one paragraph.
 */
export function excerpt(text: string, terms: string[], maxLength = 240): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxLength) return flat;
  const folded = terms.map(foldWord).filter(Boolean);
  let first = 0;
  for (const m of flat.matchAll(WORD)) {
    const f = foldWord(m[0]);
    if (folded.some((t) => f.startsWith(t))) {
      first = m.index ?? 0;
      break;
    }
  }
  let start = Math.max(0, first - Math.floor(maxLength / 3));
  let end = Math.min(flat.length, start + maxLength);
  start = Math.max(0, end - maxLength);
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space !== -1 && space < first) start = space + 1;
  }
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > first) end = space;
  }
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}
