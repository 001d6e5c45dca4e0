import { ExtractError } from './errors.ts';

/** An image's pixels: RGBA, 4 bytes each, rows top to bottom, already turned as its file says. */
export interface DecodedPixels {
  width: number;
  height: number;
  data: Uint8Array<ArrayBuffer>;
}

let loaded = false;

/**
 * Whether this thread has loaded the HEIC decoder. Its WebAssembly memory grows to the largest
 * image decoded (≈ 15 bytes a pixel: 180 MB for a 12 MP photo) and never shrinks, so the pool
 * ends such a thread after its job rather than keeping that memory for good.
 */
export const heicDecoderLoaded = () => loaded;

/**
 * Decode a HEIC/HEIF image (HEVC-coded; sharp's prebuilt libvips has no HEVC decoder) with
 * heic-decode (libheif compiled to WebAssembly), in the calling thread: the extraction thread
 * calls this, never the request thread. Only the first top-level image is decoded (the photo: a
 * grid's tiles, thumbnails, depth and gain maps are not top-level). libheif applies the file's
 * `irot`/`imir`/`clap` transforms and reports the size after them; an EXIF orientation inside a
 * HEIF is informative only (the spec says irot rules) and is not applied again: no metadata goes
 * on with the pixels. `maxPixels` is checked against the size the container declares, before any
 * pixel is decoded or allocated.
 */
export async function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<DecodedPixels> {
  // ~2 MB of JavaScript and WebAssembly: loaded by the first HEIC, in the thread that decodes it.
  const { default: heic } = await import('heic-decode');
  loaded = true;
  const images = await heic.all({ buffer: bytes }).catch((err: unknown) => {
    throw new ExtractError(`not a readable HEIC/HEIF image (${err instanceof Error ? err.message : err})`);
  });
  try {
    const image = images[0];
    if (!image) throw new ExtractError('no image in the HEIF file');
    const { width, height } = image;
    if (!(width > 0 && height > 0)) throw new ExtractError('the HEIF image has no size');
    if (width * height > maxPixels)
      throw new ExtractError(`image of ${width}×${height} pixels is over the limit of ${maxPixels}`);
    const out = await image.decode().catch((err: unknown) => {
      throw new ExtractError(`HEIC decoding failed (${err instanceof Error ? err.message : err})`);
    });
    if (out.width !== width || out.height !== height || out.data.length !== width * height * 4)
      throw new ExtractError('HEIC decoding gave an unexpected size');
    return {
      width,
      height,
      data: new Uint8Array(out.data.buffer as ArrayBuffer, out.data.byteOffset, out.data.length),
    };
  } finally {
    images.dispose();
  }
}
