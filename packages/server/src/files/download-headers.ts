import type { FileObject } from '@parley/schema';
import { isActiveType } from './detect-type.ts';

/**
 * Headers of a file download (doc 2 §4.15). The bytes are always an attachment, and a type a
 * browser would run or render (HTML, SVG, XML, scripts) goes out as application/octet-stream, so
 * an uploaded page or SVG can never execute on our origin; nosniff stops the browser guessing.
 */
export function downloadHeaders(file: FileObject, length: number): Record<string, string> {
  return {
    'Content-Type': isActiveType(file.type) ? 'application/octet-stream' : file.type,
    'Content-Length': String(length),
    'Accept-Ranges': 'bytes',
    'Content-Disposition': attachment(file.filename),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'private, no-store',
    // LibreChat's client updates its file cache from this header.
    'x-file-metadata': asciiJson({
      file_id: file.file_id,
      filename: file.filename,
      filepath: file.filepath,
      type: file.type,
      bytes: file.bytes,
      source: file.source,
      ...(file.expiresAt ? { expiresAt: file.expiresAt } : {}),
    }),
  };
}

/** `attachment` with an ASCII fallback name and the exact name as RFC 5987 `filename*`. */
export function attachment(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/** JSON a header can carry: non-ASCII characters as \u escapes. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
