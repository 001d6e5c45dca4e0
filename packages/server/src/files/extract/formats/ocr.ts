import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker as OcrWorker } from 'tesseract.js';
import { decodeHeic } from '../decode-heic.ts';
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

async function recognize(png: Buffer): Promise<string> {
  const worker = await ocrEngine();
  const { data } = await worker.recognize(png);
  return data.text.trim();
}

/**
 * Text of an image. sharp decodes it first (any format it reads, EXIF orientation applied, size
 * bounded) into a grayscale PNG Tesseract reads reliably.
 */
export async function ocrImage(bytes: Uint8Array): Promise<string> {
  const { default: sharp } = await import('sharp');
  return recognize(
    await sharp(bytes, { limitInputPixels: OCR_MAX_PIXELS }).rotate().grayscale().png().toBuffer(),
  );
}

export async function extractImage(bytes: Uint8Array): Promise<Extracted> {
  return { text: await ocrImage(bytes) };
}

/** Text of a HEIC/HEIF image (a phone photo of a page): decoded here (sharp cannot), then as above. */
export async function extractHeicImage(bytes: Uint8Array): Promise<Extracted> {
  const { width, height, data } = await decodeHeic(bytes, OCR_MAX_PIXELS);
  const { default: sharp } = await import('sharp');
  const png = await sharp(data, { raw: { width, height, channels: 4 } })
    .flatten({ background: '#ffffff' })
    .grayscale()
    .png()
    .toBuffer();
  return { text: await recognize(png) };
}
