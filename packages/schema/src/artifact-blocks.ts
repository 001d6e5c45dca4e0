import { z } from 'zod';
import type { ContentPart } from './message.ts';
import { textOfParts } from './message-edit-rules.ts';

/**
 * Artifact blocks in a reply's text (doc 2 §3.9), isomorphic: the web parses them while a reply
 * streams, the server finds the one an edit replaces. Two forms are recognised:
 *
 *   :::artifact{identifier="id" type="text/html" title="Title"}
 *   ```html
 *   …code…
 *   ```
 *   :::
 *
 * (the directive form LibreChat's prompt teaches; the fence inside is optional), and a fence whose
 * info string is the directive, ```` ```artifact{identifier="id" type="…" title="…"} ```` … ```` ``` ````.
 * A block still being written is returned with `complete: false`.
 */
export type ArtifactBlock = {
  /** Position among the artifact blocks of the text, from 0. */
  index: number;
  identifier: string;
  type: string;
  title: string;
  /** The inner fence's language, when there is one. */
  language: string;
  content: string;
  /** The block's closing marker has arrived. */
  complete: boolean;
  /** Some of the code has arrived (the inner fence is open, or text follows the header). */
  contentStarted: boolean;
  /** Offsets in the text: the whole block, and its code. */
  start: number;
  end: number;
  contentStart: number;
  contentEnd: number;
};

const DIRECTIVE = /^[ \t]{0,3}:::artifact(\{[^}\n]*\}?)?[ \t]*$/;
const FENCED_DIRECTIVE = /^[ \t]{0,3}(`{3,}|~{3,})[ \t]*artifact(\{[^}\n]*\}?)?[ \t]*$/;
const CLOSE_DIRECTIVE = /^[ \t]{0,3}:::[ \t]*$/;
const OPEN_FENCE = /^[ \t]{0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)[^`]*$/;

/** `key="value"` pairs of a directive's braces (quotes optional). */
export function artifactAttributes(braces: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!braces) return out;
  const re = /([A-Za-z_][\w-]*)\s*=\s*(?:"([^"]*)"?|'([^']*)'?|([^\s}]+))/g;
  for (const m of braces.matchAll(re)) out[m[1]] = m[2] ?? m[3] ?? m[4] ?? '';
  return out;
}

type Line = { text: string; start: number; end: number };

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let pos = 0;
  while (pos <= text.length) {
    let nl = text.indexOf('\n', pos);
    if (nl === -1) nl = text.length;
    lines.push({ text: text.slice(pos, nl), start: pos, end: nl });
    if (nl === text.length) break;
    pos = nl + 1;
  }
  return lines;
}

function closesFence(line: string, marker: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= marker.length && trimmed[0] === marker[0] && /^(`+|~+)$/.test(trimmed);
}

/** Fences outside artifacts are skipped, so an example directive inside a code block is not one. */
export function parseArtifactBlocks(text: string): ArtifactBlock[] {
  if (!text.includes('artifact')) return [];
  const lines = linesOf(text);
  const blocks: ArtifactBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const directive = DIRECTIVE.exec(line.text);
    const fenced = directive ? null : FENCED_DIRECTIVE.exec(line.text);
    if (directive) {
      i = readDirective(lines, i, directive[1], blocks, text);
      continue;
    }
    if (fenced) {
      i = readFencedDirective(lines, i, fenced[1], fenced[2], blocks, text);
      continue;
    }
    const fence = OPEN_FENCE.exec(line.text);
    if (fence) {
      // An ordinary code block: skip to its end.
      i++;
      while (i < lines.length && !closesFence(lines[i].text, fence[1])) i++;
      i++;
      continue;
    }
    i++;
  }
  return blocks;
}

function header(braces: string | undefined) {
  const attrs = artifactAttributes(braces);
  return { identifier: attrs.identifier ?? '', type: attrs.type ?? '', title: attrs.title ?? '' };
}

function readDirective(
  lines: Line[],
  at: number,
  braces: string | undefined,
  out: ArtifactBlock[],
  text: string,
): number {
  const start = lines[at].start;
  let i = at + 1;
  // Blank lines between the header and the code.
  while (i < lines.length && lines[i].text.trim() === '' && i < lines.length - 1) i++;
  let language = '';
  let contentStart = lines[at].end + 1;
  let contentEnd = contentStart;
  let contentStarted = false;
  let complete = false;
  let end = text.length;
  const fence = i < lines.length ? OPEN_FENCE.exec(lines[i].text) : null;
  if (fence) {
    language = fence[2] ?? '';
    contentStarted = true;
    contentStart = Math.min(lines[i].end + 1, text.length);
    contentEnd = text.length;
    i++;
    let closedFence = false;
    while (i < lines.length) {
      if (closesFence(lines[i].text, fence[1])) {
        contentEnd = lines[i].start;
        closedFence = true;
        i++;
        break;
      }
      i++;
    }
    if (closedFence) {
      // Then the directive's `:::` (blank lines allowed).
      while (i < lines.length && lines[i].text.trim() === '') i++;
      if (i < lines.length && CLOSE_DIRECTIVE.test(lines[i].text)) {
        complete = true;
        end = lines[i].end;
        i++;
      } else if (i < lines.length) {
        // Text after the fence without a `:::`: the block ends with its fence.
        complete = true;
        end = contentEnd;
        const closeLine = lines.findIndex((l) => l.start >= contentEnd);
        end = closeLine === -1 ? text.length : lines[closeLine].end;
      }
    }
  } else {
    // Code straight under the header, up to `:::`.
    contentStart = Math.min(lines[at].end + 1, text.length);
    contentEnd = text.length;
    i = at + 1;
    while (i < lines.length) {
      if (CLOSE_DIRECTIVE.test(lines[i].text)) {
        contentEnd = lines[i].start;
        complete = true;
        end = lines[i].end;
        i++;
        break;
      }
      i++;
    }
    contentStarted = contentEnd > contentStart;
  }
  const content = trimContent(text.slice(contentStart, Math.max(contentStart, contentEnd)));
  out.push({
    index: out.length,
    ...header(braces),
    language,
    content,
    complete,
    contentStarted,
    start,
    end,
    contentStart,
    contentEnd: Math.max(contentStart, contentEnd),
  });
  return i;
}

function readFencedDirective(
  lines: Line[],
  at: number,
  marker: string,
  braces: string | undefined,
  out: ArtifactBlock[],
  text: string,
): number {
  const start = lines[at].start;
  const contentStart = Math.min(lines[at].end + 1, text.length);
  let contentEnd = text.length;
  let end = text.length;
  let complete = false;
  let i = at + 1;
  while (i < lines.length) {
    if (closesFence(lines[i].text, marker)) {
      contentEnd = lines[i].start;
      end = lines[i].end;
      complete = true;
      i++;
      break;
    }
    i++;
  }
  out.push({
    index: out.length,
    ...header(braces),
    language: '',
    content: trimContent(text.slice(contentStart, Math.max(contentStart, contentEnd))),
    complete,
    contentStarted: contentEnd > contentStart,
    start,
    end,
    contentStart,
    contentEnd: Math.max(contentStart, contentEnd),
  });
  return i;
}

/** The code without the line break before its closing marker. */
function trimContent(code: string): string {
  return code.endsWith('\n') ? code.slice(0, -1) : code;
}

/** The text with one block's code replaced (the rest of the text untouched). */
export function replaceArtifactCode(text: string, block: ArtifactBlock, code: string): string {
  const inner = text.slice(block.contentStart, block.contentEnd);
  const tail = inner.endsWith('\n') ? '\n' : '';
  return text.slice(0, block.contentStart) + code + tail + text.slice(block.contentEnd);
}

/** POST /api/messages/artifact/:messageId (doc 3 §7 "Edit artifact"). */
export const ArtifactEditBody = z.object({
  index: z.number().int().min(0),
  /** LibreChat's clients send it in the body as well as in the path. */
  messageId: z.string().min(1).max(256).optional(),
  original: z.string().max(2_000_000),
  updated: z.string().max(2_000_000),
});
export type ArtifactEditBody = z.infer<typeof ArtifactEditBody>;
export const ArtifactEditParams = z.object({ messageId: z.string().min(1).max(256) });
export const ArtifactEditResponse = z.object({
  content: z.array(z.unknown()).nullable(),
  text: z.string(),
  conversationId: z.string(),
});
export type ArtifactEditResponse = z.infer<typeof ArtifactEditResponse>;

/**
 * Replace the code of the `index`-th artifact of a message (counted over its text parts in order
 * when it has parts, else over its text). The artifact's code must still be `original` (surrounding
 * whitespace aside): null when there is no such artifact or it changed since the client read it.
 */
export function applyArtifactEdit(
  message: { text: string; content: ContentPart[] | null },
  edit: { index: number; original: string; updated: string },
): { text: string; content: ContentPart[] | null } | null {
  const matches = (b: ArtifactBlock | undefined): b is ArtifactBlock =>
    !!b && b.content.trim() === edit.original.trim();
  const parts = message.content;
  if (parts?.some((p) => p.type === 'text')) {
    let seen = 0;
    let done = false;
    const next = parts.map((p) => {
      if (done || p.type !== 'text') return p;
      const blocks = parseArtifactBlocks(p.text);
      const local = edit.index - seen;
      seen += blocks.length;
      if (local < 0 || local >= blocks.length) return p;
      if (!matches(blocks[local])) return p;
      done = true;
      return { ...p, text: replaceArtifactCode(p.text, blocks[local], edit.updated) };
    });
    if (!done) return null;
    return { text: textOfParts(next), content: next };
  }
  const block = parseArtifactBlocks(message.text)[edit.index];
  if (!matches(block)) return null;
  return { text: replaceArtifactCode(message.text, block, edit.updated), content: parts };
}
