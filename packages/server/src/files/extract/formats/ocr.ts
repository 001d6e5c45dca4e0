import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker as OcrWorker } from 'tesseract.js';
import type { Extracted } from '../types.ts';

/** Largest image OCR reads (pixels); sharp refuses bigger ones before decoding them. */
export const OCR_MAX_PIXELS = 40_000_000;

let engine: Promise<OcrWorker> | null = null;

/**
 * One Tesseract engine per extraction thread, made on first use and kept (start-up is ~0.4 s).
 * English data comes from @tesseract.js-data/eng on disk (the LSTM "best_int" model): nothing is
 * fetched, nothing is cached to disk.
 */
function ocrEngine(): Promise<OcrWorker> {
  engine ??= (async () => {
    const { createWorker, OEM } = await import('tesseract.js');
    const require = createRequire(import.meta.url);
    const dataDir = path.dirname(require.resolve('@tesseract.js-data/eng/package.json'));
    return createWorker('eng', OEM.LSTM_ONLY, {
      langPath: path.join(dataDir, '4.0.0_best_int'),
      gzip: true,
      cacheMethod: 'none',
    });
  })();
  return engine;
}

/** End the engine (the extraction thread is closing). */
export async function stopOcr(): Promise<void> {
  const e = engine;
  engine = null;
  if (e) await (await e).terminate();
}

/**
 * Text of an image. sharp decodes it first (any format it reads, EXIF orientation applied, size
 * bounded) into a grayscale PNG Tesseract reads reliably.
 */
export async function ocrImage(bytes: Uint8Array): Promise<string> {
  const { default: sharp } = await import('sharp');
  const png = await sharp(bytes, { limitInputPixels: OCR_MAX_PIXELS }).rotate().grayscale().png().toBuffer();
  const worker = await ocrEngine();
  const { data } = await worker.recognize(png);
  return data.text.trim();
}

export async function extractImage(bytes: Uint8Array): Promise<Extracted> {
  return { text: await ocrImage(bytes) };
}
