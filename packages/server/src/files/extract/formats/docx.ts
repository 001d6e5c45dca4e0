import type { Extracted } from '../types.ts';
import { assertSafeZip } from '../zip-guard.ts';
import { htmlToMarkdown } from './html.ts';

/** Word: mammoth's semantic HTML (headings, lists, tables) → Markdown. */
export async function extractDocx(bytes: Uint8Array): Promise<Extracted> {
  assertSafeZip(bytes);
  const mammoth = await import('mammoth');
  const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
  return { text: await htmlToMarkdown(value) };
}
