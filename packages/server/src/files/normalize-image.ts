import type { Readable } from 'node:stream';
import type { Sharp } from 'sharp';
import type { DecodedPixels } from './extract/decode-heic.ts';

/**
 * Images are normalised once, on upload, to what every provider accepts, so the chat never has to
 * resize per request: Anthropic refuses images over 8000 px a side; Bedrock's Converse API caps an
 * image at 3.75 MB (Anthropic's own API at 5 MB, OpenAI at 20 MB), so the smallest byte cap wins.
 */
export const IMAGE_MAX_EDGE_PX = 8000;
export const IMAGE_MAX_BYTES = Math.floor(3.75 * 1024 * 1024);
/** Decompression-bomb guard: a header claiming more pixels than this is refused before decoding. */
export const IMAGE_MAX_INPUT_PIXELS = 100_000_000;
/** Each attempt to fit IMAGE_MAX_BYTES shrinks the edges by this factor. */
const SHRINK_STEP = 0.75;
const MAX_ATTEMPTS = 6;

/** Formats every vision provider takes as they are; others (AVIF, TIFF…) are re-encoded as PNG. */
const KEPT_FORMATS: Record<string, 'jpeg' | 'png' | 'webp' | 'gif'> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
/** Raster types sharp decodes from its prebuilt binaries. */
const DECODABLE = /^image\/(jpeg|png|webp|gif|avif|tiff)$/;
/** HEIC/HEIF: sharp's prebuilt libvips has no HEVC decoder, so these are decoded to pixels first. */
const HEIC = /^image\/(heic|heif)$/;
/**
 * HEIC pixel cap, below the general one: the WebAssembly decoder holds about 14 bytes a pixel at
 * its peak (48 MP measured ≈ 670 MB) and two uploads may decode at once. 50 MP covers every
 * phone camera (iPhone's largest is 48 MP).
 */
export const HEIC_MAX_INPUT_PIXELS = 50_000_000;
/** Larger HEIC files are not read (the decoder needs the whole file); an iPhone's 48 MP photo is 5–15 MB. */
export const HEIC_MAX_INPUT_BYTES = 64 * 1024 * 1024;

export function isNormalizableImage(type: string): boolean {
  return DECODABLE.test(type) || HEIC.test(type);
}

export function isHeic(type: string): boolean {
  return HEIC.test(type);
}

/**
 * What to normalise: stored bytes sharp decodes itself (read afresh for each attempt), or pixels
 * decoded elsewhere (HEIC, in the extraction thread), which become a JPEG: vision providers take
 * JPEG, PNG, WebP and GIF only, and a photo is best kept as JPEG.
 */
export type ImageSource = { type: string; open: () => Readable } | { pixels: DecodedPixels };

export interface NormalizedImage {
  data: Buffer;
  type: string;
  width: number;
  height: number;
}

/**
 * Apply the EXIF orientation, drop all metadata (EXIF, GPS, comments: sharp writes none unless told
 * to keep it), bound the longest edge, and re-encode smaller until the bytes fit. A stored
 * original is read from the start for each attempt (decoded again rather than held as raw pixels).
 * An animated GIF keeps its first frame only: sharp reads one page unless told `animated`, and
 * OpenAI takes non-animated GIFs only while Anthropic and Gemini read the first frame anyway.
 * sharp runs on libuv's threads, so the event loop keeps answering meanwhile.
 */
export async function normalizeImage(source: ImageSource): Promise<NormalizedImage> {
  // sharp loads libvips (tens of MB): only when the first image arrives.
  const { default: sharp } = await import('sharp');
  const format = 'pixels' in source ? 'jpeg' : (KEPT_FORMATS[source.type] ?? 'png');
  let edge = IMAGE_MAX_EDGE_PX;
  for (let attempt = 0; ; attempt++) {
    let pipeline: Sharp;
    if ('pixels' in source) {
      const { width, height, data } = source.pixels;
      // Already upright (the decoder applied the file's rotation); JPEG has no alpha: flatten on white.
      pipeline = sharp(data, {
        raw: { width, height, channels: 4 },
        limitInputPixels: IMAGE_MAX_INPUT_PIXELS,
      })
        .flatten({ background: '#ffffff' })
        .resize(edge, edge, { fit: 'inside', withoutEnlargement: true })
        .toFormat(format);
    } else {
      pipeline = sharp({ limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' })
        .autoOrient()
        .resize(edge, edge, { fit: 'inside', withoutEnlargement: true })
        .toFormat(format);
      const input = source.open();
      input.on('error', (err) => pipeline.destroy(err));
      input.pipe(pipeline);
    }
    const out = await pipeline.toBuffer({ resolveWithObject: true });
    if (out.data.length <= IMAGE_MAX_BYTES || attempt === MAX_ATTEMPTS) {
      return {
        data: out.data,
        type: format === 'jpeg' ? 'image/jpeg' : `image/${format}`,
        width: out.info.width,
        height: out.info.height,
      };
    }
    edge = Math.max(1, Math.floor(Math.max(out.info.width, out.info.height) * SHRINK_STEP));
  }
}
