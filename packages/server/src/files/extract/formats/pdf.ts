import { OCR_PAGE_CAP, OCR_RENDER_SCALE } from '../limits.ts';
import { installArrayBufferTransfer } from '../polyfill.ts';
import { type Extracted, joinPages } from '../types.ts';
import { ocrImage } from './ocr.ts';

/**
 * PDF: the text layer, page by page. A PDF without one (a scan) is rendered page by page and OCR'd,
 * up to OCR_PAGE_CAP pages.
 */
export async function extractPdf(bytes: Uint8Array): Promise<Extracted> {
  installArrayBufferTransfer();
  const { getDocumentProxy, extractText, renderPageAsImage } = await import('unpdf');
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false });
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    if (text.some((t) => t.trim())) return joinPages(text);
    const pages: string[] = [];
    for (let n = 1; n <= Math.min(pdf.numPages, OCR_PAGE_CAP); n++) {
      const png = await renderPageAsImage(pdf, n, {
        canvasImport: () => import('@napi-rs/canvas'),
        scale: OCR_RENDER_SCALE,
      });
      pages.push(await ocrImage(new Uint8Array(png)));
    }
    return joinPages(pages);
  } finally {
    await pdf.destroy();
  }
}
