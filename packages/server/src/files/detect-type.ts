import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';

/**
 * A file's MIME type from its bytes, never from the client's name or Content-Type (DESIGN §9,
 * doc 1 §5). Binary formats by their magic numbers (file-type); text formats have none, so bytes
 * that are text take the type their extension names, and text with an unknown extension is not
 * typed at all (the caller answers 'Unable to determine file type for: {filename}').
 */

/** The most file-type may read (zip-based formats name their type a few entries in). */
export const DETECT_BYTES = 1024 * 1024;
/** How much of the head is checked for being text. */
export const TEXT_SNIFF_BYTES = 64 * 1024;

/** Text types by extension (lower case, without the dot). */
const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  text: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  toml: 'text/x-toml',
  vtt: 'text/vtt',
  tex: 'text/x-tex',
  sql: 'application/sql',
  sh: 'application/x-sh',
  js: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
  jsx: 'text/javascript',
  ts: 'application/typescript',
  tsx: 'application/typescript',
  py: 'text/x-python',
  rb: 'text/x-ruby',
  php: 'text/x-php',
  java: 'text/x-java',
  c: 'text/x-c',
  h: 'text/x-h',
  cpp: 'text/x-c++',
  cc: 'text/x-c++',
  hpp: 'text/x-c++',
  cs: 'text/x-csharp',
  go: 'text/x-go',
  rs: 'text/x-rust',
  kt: 'text/x-kotlin',
  swift: 'text/x-swift',
};

/**
 * True when the head decodes as UTF-8 (a multi-byte character cut by the head's end is allowed)
 * and holds no control characters other than tab, line breaks and form feed.
 */
export function looksLikeText(head: Buffer): boolean {
  for (const b of head) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
  }
  // Up to 3 trailing bytes may be the start of a character the head cut in two.
  for (let cut = 0; cut <= Math.min(3, head.length); cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - cut));
      return true;
    } catch {}
  }
  return false;
}

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

/**
 * The MIME type of stored bytes: `open()` reads at most their first DETECT_BYTES (file-type may
 * read past the head for zip-based formats), `head` is their first TEXT_SNIFF_BYTES. Null when
 * undeterminable.
 */
export async function detectType(
  open: () => Readable,
  head: Buffer,
  filename: string,
): Promise<string | null> {
  // file-type is ESM with many detectors: loaded on the first upload, not at start.
  const { fileTypeFromStream } = await import('file-type');
  const stream = open();
  try {
    const found = await fileTypeFromStream(Readable.toWeb(stream) as ReadableStream<Uint8Array>);
    if (found) return found.mime;
  } finally {
    stream.destroy();
  }
  if (!looksLikeText(head)) return null;
  return TEXT_TYPES[extensionOf(filename)] ?? null;
}

/** Types a browser would run or render as a document: served only as application/octet-stream. */
export function isActiveType(type: string): boolean {
  return /(html|svg|xml|javascript|ecmascript|typescript|xhtml)/i.test(type);
}
