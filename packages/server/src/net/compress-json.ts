import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Smaller JSON answers go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 8 * 1024;
/**
 * Brotli quality for answers made per request: 4 compresses a 6.5 MB message tree to a tenth of
 * its size in tens of milliseconds, off the event loop; 11 (the default) would take seconds.
 */
const BROTLI_QUALITY = 4;

/** The encoding to answer with for this Accept-Encoding header, or null for none. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  const offered = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    offered.set(name, q === undefined ? 1 : Number(q));
  }
  const wants = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return null;
}

/**
 * Compress large JSON answers (a long conversation's messages, export, search) for clients that
 * accept it. Streams (SSE) and files are left alone: only string or Buffer payloads are touched,
 * and static assets are served precompressed.
 */
export function compressJson(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // Answers carrying tokens are never compressed (BREACH: compressed size can leak a secret
    // next to attacker-chosen text); they are small anyway.
    if (req.url.startsWith('/api/auth') || req.url.startsWith('/oauth')) return payload;
    if (reply.getHeader('content-encoding')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    reply.header('vary', 'accept-encoding');
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const body =
      encoding === 'br'
        ? await brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
        : await gzipAsync(payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
