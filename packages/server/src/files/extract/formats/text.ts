import type { Extracted } from '../types.ts';

/** Markdown, JSON, CSV, plain text and source code: the text as it is, read as UTF-8 (a BOM dropped). */
export function extractText(bytes: Uint8Array): Extracted {
  return { text: new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes) };
}
