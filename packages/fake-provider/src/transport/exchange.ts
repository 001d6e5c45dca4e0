import type { ServerResponse } from 'node:http';
import { constants as h2constants, type ServerHttp2Stream } from 'node:http2';
import { hrNowMs, type Journal, type JournalEntry } from '../journal.ts';
import type { Pacer } from './pacer.ts';

/** One request/response in flight: the socket side, its journal entry and its timers. */
export interface Exchange {
  res: ServerResponse;
  entry: JournalEntry;
  journal: Journal;
  pacer: Pacer;
  /** Per-response headers from the dialect (`x-request-id`, …). */
  headers: Record<string, string>;
  /** Set before an intentional close, so it is not mistaken for a client abort. */
  closing?: boolean;
}

/** Write and record one emit; resolves when the bytes have left Node's buffers. */
export function write(ex: Exchange, data: string | Buffer): Promise<void> {
  if (data.length === 0) return Promise.resolve();
  ex.entry.events++;
  ex.entry.emitTimes.push(hrNowMs());
  const flushed = new Promise<void>((resolve) => ex.res.write(data, () => resolve()));
  ex.journal.changed();
  return flushed;
}

export function finish(ex: Exchange, error?: string): void {
  if (ex.entry.done) return;
  ex.entry.done = true;
  ex.entry.endedAt = Date.now();
  if (error) ex.entry.error = error;
  ex.journal.changed();
}

export function end(ex: Exchange, data?: string | Buffer): void {
  ex.closing = true;
  if (data !== undefined) {
    ex.entry.events++;
    ex.entry.emitTimes.push(hrNowMs());
  }
  ex.res.end(data);
  finish(ex);
}

/** An HTTP/2 (h2c) response from the compat API: it has a `stream` and no socket of its own. */
const h2stream = (res: ServerResponse): ServerHttp2Stream | undefined =>
  (res as unknown as { stream?: ServerHttp2Stream }).stream;

/**
 * Drop the connection without a proper end: what a crashed upstream or dead proxy looks like. Over
 * HTTP/2 the stream is reset (RST_STREAM INTERNAL_ERROR) instead, as a proxy would.
 */
export function destroy(ex: Exchange, reason: string): void {
  ex.closing = true;
  const stream = h2stream(ex.res);
  if (stream) stream.close(h2constants.NGHTTP2_INTERNAL_ERROR);
  else ex.res.socket?.destroy();
  finish(ex, reason);
}

export function sendJson(
  ex: Exchange,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  ex.entry.status = status;
  ex.entry.headersAt = hrNowMs();
  ex.res.writeHead(status, { 'content-type': 'application/json', ...ex.headers, ...headers });
  end(ex, JSON.stringify(body));
}

const HTML_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** A "proxy" error page instead of an API response. */
export function sendHtml502(ex: Exchange): void {
  ex.entry.status = 502;
  ex.entry.headersAt = hrNowMs();
  ex.res.writeHead(502, { 'content-type': 'text/html' });
  end(ex, HTML_502);
}

/** Headers for every stream (providers.md §10.4); the fake never compresses. */
export function writeStreamHead(ex: Exchange, contentType: string): void {
  ex.entry.status = 200;
  ex.entry.headersAt = hrNowMs();
  const stream = h2stream(ex.res);
  ex.res.writeHead(200, {
    'content-type': contentType,
    'cache-control': 'no-cache',
    // HTTP/2 forbids connection-specific headers.
    ...(stream ? {} : { connection: 'keep-alive' }),
    'x-accel-buffering': 'no',
    ...ex.headers,
  });
  // One event per write must reach the client now, not when Nagle decides (HTTP/2 sockets are set
  // when they connect: the compat API forbids touching them here).
  if (!stream) ex.res.socket?.setNoDelay(true);
  ex.res.flushHeaders();
}
