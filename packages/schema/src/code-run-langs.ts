/**
 * The run button's zod-free part of the run-code contract (code-run.ts re-exports it): the web's
 * markdown imports these values, and a value import of a module with top-level zod would put zod
 * on /chat/new's critical path (e2e/critical-path.spec.ts).
 */

/** An engine language of the sandbox (server/src/code). */
export type RunCodeLang = 'py' | 'js' | 'ts';

/** Languages the run button offers, by the code fence's info string (doc 2 §5.8 "recognised"). */
export const RUN_CODE_LANGS: Readonly<Record<string, RunCodeLang>> = {
  py: 'py',
  python: 'py',
  python3: 'py',
  js: 'js',
  javascript: 'js',
  mjs: 'js',
  ts: 'ts',
  typescript: 'ts',
};

/** The engine language for a fence's info string, or null when it cannot run. */
export function runCodeLang(fenceLang: string): RunCodeLang | null {
  return RUN_CODE_LANGS[fenceLang.trim().toLowerCase()] ?? null;
}

/** The largest block the run button sends (bytes of source). */
export const RUN_CODE_MAX_CHARS = 256 * 1024;

/** The run button's throttle (doc 2 §4.14: 1000 ms, leading). */
export const RUN_CODE_THROTTLE_MS = 1000;

/** A line that opens or closes a fence, after any indentation and blockquote markers. */
const FENCE_LINE = /^[ \t>]*(`{3,}|~{3,})(.*)$/;

/**
 * How many fenced code blocks open in `text`: a block's `blockIndex` (CallToolBody) is this count
 * over the part's text before the block's opening fence, so the web and the server number a
 * reply's blocks alike without a markdown parser. Fences are found at any indentation and inside
 * blockquotes (lists and quotes hold them too); a fence closes on a line of at least as many of
 * the same marker.
 */
export function countCodeFences(text: string): number {
  let count = 0;
  let open: string | null = null;
  let pos = 0;
  while (pos < text.length) {
    let end = text.indexOf('\n', pos);
    if (end === -1) end = text.length;
    const match = FENCE_LINE.exec(text.slice(pos, end));
    pos = end + 1;
    if (!match) continue;
    const [, marker, rest] = match;
    if (open === null) {
      // A backtick fence's info string has no backticks (CommonMark): "```a```" is inline code.
      if (marker[0] === '`' && rest.includes('`')) continue;
      open = marker;
      count++;
    } else if (marker[0] === open[0] && marker.length >= open.length && rest.trim() === '') open = null;
  }
  return count;
}
