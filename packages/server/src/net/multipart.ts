import type { FastifyError, FastifyInstance } from 'fastify';
import type { AppError } from '../errors.ts';

/** Room for the multipart envelope (boundaries, part headers, small extra fields) around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * A raw body upload in this (encapsulated) plugin: bodies of the given content types reach the
 * route as a Buffer, bounded by `limit` plus the multipart envelope, and a body over the bound
 * answers `tooLarge()` instead of Fastify's generic 413. Returns the route's `bodyLimit`.
 */
export function rawUpload(
  app: FastifyInstance,
  opts: { types: string[]; limit: number; tooLarge: () => AppError },
): { bodyLimit: number } {
  for (const type of opts.types) if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
  app.addContentTypeParser(opts.types, { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.setErrorHandler((err: FastifyError) => {
    throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? opts.tooLarge() : err;
  });
  return { bodyLimit: opts.limit + MULTIPART_OVERHEAD };
}

/** `limit` bytes as the upload errors spell it: MB with up to two decimals. */
export function megabytes(limit: number): string {
  return `${Math.round((limit / 1024 / 1024) * 100) / 100} MB`;
}

/**
 * The one file of a `multipart/form-data` body, already read into memory (the route's body limit
 * bounds it). Enough for the uploads we take: one field named `file`; other fields are ignored.
 * Null when the body has no such part.
 */
export function multipartFile(
  body: Buffer,
  contentType: string,
  field = 'file',
): { filename: string | null; data: Buffer } | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2]?.trim();
  if (!mark) return null;
  const delimiter = Buffer.from(`--${mark}`);
  // Between parts the delimiter follows a CRLF: the file's own bytes may contain `--mark` alone.
  const inner = Buffer.from(`\r\n--${mark}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    // "--" after the delimiter closes the body.
    if (body[start] === 0x2d && body[start + 1] === 0x2d) return null;
    const headerEnd = body.indexOf('\r\n\r\n', start);
    if (headerEnd === -1) return null;
    const next = body.indexOf(inner, headerEnd + 4);
    if (next === -1) return null;
    const headers = body.subarray(start, headerEnd).toString('utf8');
    const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === field) {
      const raw = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
      let filename: string | null = raw ?? null;
      if (raw) {
        try {
          // Clients send the name URI-encoded (doc 3 §7).
          filename = decodeURIComponent(raw);
        } catch {
          filename = raw;
        }
      }
      return { filename, data: body.subarray(headerEnd + 4, next) };
    }
    at = next + 2;
  }
  return null;
}
