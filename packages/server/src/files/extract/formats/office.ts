import type { Extracted } from '../types.ts';
import { assertSafeZip } from '../zip-guard.ts';

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b;

/** PowerPoint, OpenDocument text/presentation, RTF and EPUB through officeparser's Node entry, as Markdown. */
export async function extractOffice(bytes: Uint8Array): Promise<Extracted> {
  if (isZip(bytes)) assertSafeZip(bytes);
  const { OfficeParser } = await import('officeparser');
  // No OCR or attachments here: images in documents are not read (OCR has its own path and cap).
  const ast = await OfficeParser.parseOffice(Buffer.from(bytes), {
    outputErrorToConsole: false,
    extractAttachments: false,
    ocr: false,
  });
  const md = await ast.to('md');
  const text = typeof md.value === 'string' ? md.value : ast.toText();
  return { text: text.trim() };
}
