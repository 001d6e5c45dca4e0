import type { PageStart } from './types.ts';

/**
 * Splits a document's extracted text (Markdown where the format has structure) into passages for
 * file search: headings first, then paragraphs, then sentences, then a hard split, packed to about
 * CHUNK_TOKENS with CHUNK_OVERLAP_TOKENS carried over. Every chunk is a slice of the text, so its
 * offset finds the passage in the file, and it carries its page and heading for citations. Chunks
 * never cross a heading or a page boundary.
 */

export type { PageStart };

/** Target chunk size in tokens (m2-stack.md §1.4). */
export const CHUNK_TOKENS = 400;
/** Tokens of the previous chunk repeated at the start of the next (a fact split at a boundary stays findable). */
export const CHUNK_OVERLAP_TOKENS = 50;

export interface Chunk {
  ordinal: number;
  /** Character offset of the chunk in the full text. */
  offset: number;
  page: number | null;
  /** The headings above the passage, outermost first, joined by ' > '; null before any heading. */
  heading: string | null;
  text: string;
  tokens: number;
}

export interface ChunkOptions {
  maxTokens?: number;
  overlapTokens?: number;
  /** Token counter; the caller passes gpt-tokenizer's (chunking itself stays dependency-free). */
  countTokens: (text: string) => number;
}

/** A run of the text that is never split further (a sentence, or a piece of an overlong one). */
interface Unit {
  start: number;
  end: number;
  tokens: number;
}

interface Section {
  start: number;
  end: number;
  heading: string | null;
}

const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/;
const FENCE = /^(```|~~~)/;

/** Sections between Markdown headings (not those inside code fences), each with its heading path. */
export function sections(text: string): Section[] {
  const out: Section[] = [];
  const path: string[] = [];
  let start = 0;
  let heading: string | null = null;
  let inFence = false;
  let pos = 0;
  for (const line of text.split('\n')) {
    if (FENCE.test(line)) inFence = !inFence;
    const m = inFence ? null : HEADING.exec(line);
    if (m && pos > start) {
      out.push({ start, end: pos, heading });
      start = pos;
    }
    if (m) {
      path.length = Math.min(path.length, m[1].length - 1);
      path[m[1].length - 1] = m[2];
      heading = path.filter(Boolean).join(' > ');
    }
    pos += line.length + 1;
  }
  if (text.length > start) out.push({ start, end: text.length, heading });
  return out;
}

/** Sections cut where pages start: a chunk never spans two pages, so its page is where it is. */
function splitAtPages(secs: Section[], pages: PageStart[] | undefined): Section[] {
  if (!pages?.length) return secs;
  return secs.flatMap((sec) => {
    const cuts = pages.map((p) => p.offset).filter((o) => o > sec.start && o < sec.end);
    const bounds = [sec.start, ...cuts, sec.end];
    return bounds.slice(1).map((end, i) => ({ start: bounds[i], end, heading: sec.heading }));
  });
}

/** Sentence ends: . ! ? (and CJK ones) followed by space, or a line break. */
const SENTENCE_END = /[.!?。！？](?=\s)|\n/g;

function sentenceBounds(text: string, start: number, end: number): [number, number][] {
  const out: [number, number][] = [];
  const slice = text.slice(start, end);
  let from = 0;
  for (const m of slice.matchAll(SENTENCE_END)) {
    const to = m.index + m[0].length;
    if (to > from) out.push([start + from, start + to]);
    from = to;
  }
  if (from < slice.length) out.push([start + from, end]);
  return out;
}

/** Paragraphs → sentences → hard pieces, each at most maxTokens. */
function units(text: string, section: Section, opts: Required<ChunkOptions>): Unit[] {
  const out: Unit[] = [];
  const push = (start: number, end: number) => {
    if (!text.slice(start, end).trim()) {
      // Whitespace joins the previous unit so slices stay contiguous.
      const last = out.at(-1);
      if (last) last.end = end;
      return;
    }
    const tokens = opts.countTokens(text.slice(start, end));
    if (tokens <= opts.maxTokens) {
      out.push({ start, end, tokens });
      return;
    }
    // Hard split: pieces of proportional length (no sentence boundary was found inside).
    const pieces = Math.ceil(tokens / opts.maxTokens);
    const step = Math.ceil((end - start) / pieces);
    for (let s = start; s < end; s += step) {
      const e = Math.min(end, s + step);
      out.push({ start: s, end: e, tokens: opts.countTokens(text.slice(s, e)) });
    }
  };
  const whole = opts.countTokens(text.slice(section.start, section.end));
  if (whole <= opts.maxTokens) {
    push(section.start, section.end);
    return out;
  }
  for (const [s, e] of sentenceBounds(text, section.start, section.end)) push(s, e);
  return out;
}

function pageAt(pages: PageStart[] | undefined, offset: number): number | null {
  if (!pages?.length) return null;
  let lo = 0;
  let hi = pages.length - 1;
  // The last page whose start is at or before the offset.
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pages[mid].offset <= offset) lo = mid;
    else hi = mid - 1;
  }
  return pages[lo].offset <= offset ? pages[lo].page : pages[0].page;
}

/** Pack a section's units into chunks of at most maxTokens, each starting with the last units of the one before. */
function pack(us: Unit[], opts: Required<ChunkOptions>): [number, number, number][] {
  const out: [number, number, number][] = [];
  let first = 0;
  while (first < us.length) {
    let last = first;
    let tokens = us[first].tokens;
    while (last + 1 < us.length && tokens + us[last + 1].tokens <= opts.maxTokens) {
      last++;
      tokens += us[last].tokens;
    }
    out.push([us[first].start, us[last].end, tokens]);
    if (last + 1 >= us.length) break;
    // Overlap: step back over trailing units that fit the overlap budget, never to where we began.
    let next = last + 1;
    let overlap = 0;
    while (next - 1 > first && overlap + us[next - 1].tokens <= opts.overlapTokens) {
      next--;
      overlap += us[next].tokens;
    }
    first = next;
  }
  return out;
}

/** The text's chunks in order. Whitespace-only text gives none. */
export function chunkText(text: string, pages: PageStart[] | undefined, options: ChunkOptions): Chunk[] {
  const opts: Required<ChunkOptions> = {
    maxTokens: CHUNK_TOKENS,
    overlapTokens: CHUNK_OVERLAP_TOKENS,
    ...options,
  };
  const chunks: Chunk[] = [];
  for (const section of splitAtPages(sections(text), pages)) {
    for (const [start, end, tokens] of pack(units(text, section, opts), opts)) {
      const raw = text.slice(start, end);
      const lead = raw.length - raw.trimStart().length;
      const body = raw.trim();
      if (!body) continue;
      chunks.push({
        ordinal: chunks.length,
        offset: start + lead,
        page: pageAt(pages, start + lead),
        heading: section.heading,
        text: body,
        tokens,
      });
    }
  }
  return chunks;
}
