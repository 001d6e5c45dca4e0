import type { Readable } from 'node:stream';

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
/** Raster types sharp decodes from its prebuilt binaries (no HEIC: it ships without that codec). */
const DECODABLE = /^image\/(jpeg|png|webp|gif|avif|tiff)$/;

export function isNormalizableImage(type: string): boolean {
  return DECODABLE.test(type);
}

export interface NormalizedImage {
  data: Buffer;
  type: string;
  width: number;
  height: number;
}

/**
 * Apply the EXIF orientation, drop all metadata (EXIF, GPS, comments: sharp writes none unless told
 * to keep it), bound the longest edge, and re-encode smaller until the bytes fit. `open` reads the
 * stored original from the start (each attempt decodes it again rather than holding a raw copy).
 * sharp runs on libuv's threads, so the event loop keeps answering meanwhile.
 */
export async function normalizeImage(open: () => Readable, type: string): Promise<NormalizedImage> {
  // sharp loads libvips (tens of MB): only when the first image arrives.
  const { default: sharp } = await import('sharp');
  const format = KEPT_FORMATS[type] ?? 'png';
  let edge = IMAGE_MAX_EDGE_PX;
  for (let attempt = 0; ; attempt++) {
    const pipeline = sharp({ limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize(edge, edge, { fit: 'inside', withoutEnlargement: true })
      .toFormat(format);
    const input = open();
    input.on('error', (err) => pipeline.destroy(err));
    input.pipe(pipeline);
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
