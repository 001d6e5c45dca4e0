/**
 * The part of heic-decode 2.1 (CommonJS, no types of its own) the extraction thread uses.
 * `all` parses the container only; each image's pixels are decoded by its `decode()`.
 */
declare module 'heic-decode' {
  interface DecodedHeic {
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel, rows top to bottom. */
    data: Uint8ClampedArray;
  }
  interface HeicImage {
    width: number;
    height: number;
    decode(): Promise<DecodedHeic>;
  }
  interface Decode {
    (input: { buffer: Uint8Array }): Promise<DecodedHeic>;
    all(input: { buffer: Uint8Array }): Promise<HeicImage[] & { dispose(): void }>;
  }
  const decode: Decode;
  export default decode;
}
