import { ExtractError } from './errors.ts';
import { extractDocx } from './formats/docx.ts';
import { extractHtml } from './formats/html.ts';
import { extractHeicImage, extractImage } from './formats/ocr.ts';
import { extractOffice } from './formats/office.ts';
import { extractPdf } from './formats/pdf.ts';
import { extractSheet } from './formats/sheet.ts';
import { extractText } from './formats/text.ts';
import { MAX_TEXT_CHARS } from './limits.ts';
import type { Extracted } from './types.ts';

type Extractor = (bytes: Uint8Array) => Extracted | Promise<Extracted>;

/** Extractors by MIME type (the type decided from the bytes). A new format is a file plus a line here. */
const BY_TYPE: Record<string, Extractor> = {
  'application/pdf': extractPdf,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': extractDocx,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': extractSheet,
  'application/vnd.ms-excel': extractSheet,
  'application/vnd.oasis.opendocument.spreadsheet': extractSheet,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': extractOffice,
  'application/vnd.oasis.opendocument.text': extractOffice,
  'application/vnd.oasis.opendocument.presentation': extractOffice,
  'application/rtf': extractOffice,
  'text/rtf': extractOffice,
  'application/epub+zip': extractOffice,
  'text/html': extractHtml,
  'application/xhtml+xml': extractHtml,
  'application/json': extractText,
  'application/xml': extractText,
  'application/javascript': extractText,
  'application/typescript': extractText,
  'application/x-sh': extractText,
  'application/x-yaml': extractText,
  'application/yaml': extractText,
  'application/sql': extractText,
  'image/heic': extractHeicImage,
  'image/heif': extractHeicImage,
};

/** The extractor for a type: listed ones, any other text/*, any image/* (OCR). */
export function extractorFor(mimeType: string): Extractor | undefined {
  const type = mimeType.split(';')[0].trim().toLowerCase();
  if (BY_TYPE[type]) return BY_TYPE[type];
  if (type.startsWith('text/')) return extractText;
  if (type.startsWith('image/') && type !== 'image/svg+xml') return extractImage;
  if (type === 'image/svg+xml') return extractText;
  return undefined;
}

export const canExtract = (mimeType: string) => extractorFor(mimeType) !== undefined;

/** Extract here, in the calling thread (the worker calls this; tests may too). */
export async function extractInThread(bytes: Uint8Array, mimeType: string): Promise<Extracted> {
  const extractor = extractorFor(mimeType);
  if (!extractor) throw new ExtractError(`no extractor for ${mimeType}`);
  let out: Extracted;
  try {
    out = await extractor(bytes);
  } catch (err) {
    if (err instanceof ExtractError) throw err;
    throw new ExtractError(err instanceof Error ? err.message : String(err));
  }
  // NUL bytes break PostgreSQL text; a runaway sheet is cut.
  const text = out.text.replaceAll('\u0000', '');
  return { ...out, text: text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text };
}
