import { ExtractError } from './errors.ts';
import {
  ZIP_MAX_ENTRIES,
  ZIP_MAX_RATIO,
  ZIP_MAX_UNCOMPRESSED_BYTES,
  ZIP_RATIO_FLOOR_BYTES,
} from './limits.ts';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_SIZE = 22;
const CENTRAL_HEADER_SIZE = 46;
const MAX_COMMENT = 0xffff;

export interface ZipTotals {
  entries: number;
  compressed: number;
  uncompressed: number;
}

/**
 * What a ZIP's central directory declares (entry count, total compressed and uncompressed bytes),
 * read without inflating anything. ZIP64 archives are refused: no document we parse needs 4 GB.
 */
export function zipTotals(bytes: Uint8Array): ZipTotals {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - EOCD_SIZE; i >= Math.max(0, bytes.length - EOCD_SIZE - MAX_COMMENT); i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ExtractError('not a ZIP archive (no end of central directory)');
  const entries = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const start = view.getUint32(eocd + 16, true);
  if (entries === 0xffff || size === 0xffffffff || start === 0xffffffff)
    throw new ExtractError('ZIP64 archive');
  if (start + size > eocd) throw new ExtractError('central directory out of bounds');
  if (entries > ZIP_MAX_ENTRIES) throw new ExtractError(`ZIP has ${entries} entries`);

  const totals: ZipTotals = { entries, compressed: 0, uncompressed: 0 };
  let p = start;
  for (let n = 0; n < entries; n++) {
    if (p + CENTRAL_HEADER_SIZE > start + size || view.getUint32(p, true) !== CENTRAL_SIGNATURE)
      throw new ExtractError('damaged central directory');
    totals.compressed += view.getUint32(p + 20, true);
    totals.uncompressed += view.getUint32(p + 24, true);
    p +=
      CENTRAL_HEADER_SIZE +
      view.getUint16(p + 28, true) +
      view.getUint16(p + 30, true) +
      view.getUint16(p + 32, true);
  }
  return totals;
}

/**
 * Refuse a decompression bomb before a parser inflates it: too much declared content, or too high
 * a ratio. The worker's heap cap stays the backstop for archives whose directory lies.
 */
export function assertSafeZip(bytes: Uint8Array): void {
  const t = zipTotals(bytes);
  if (t.uncompressed > ZIP_MAX_UNCOMPRESSED_BYTES)
    throw new ExtractError(`ZIP declares ${t.uncompressed} bytes uncompressed`);
  const ratio = t.uncompressed / Math.max(1, t.compressed);
  if (t.uncompressed > ZIP_RATIO_FLOOR_BYTES && ratio > ZIP_MAX_RATIO)
    throw new ExtractError(`ZIP compression ratio ${Math.round(ratio)}`);
}
