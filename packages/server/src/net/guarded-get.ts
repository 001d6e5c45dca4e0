import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { guardedFetch } from './guarded-fetch.ts';

export { PrivateAddressError } from './guarded-fetch.ts';

/**
 * One GET of a URL the server did not choose (a web page from search results), through the guarded
 * fetch (net/guarded-fetch.ts): private addresses are refused when the socket connects. Redirects
 * come back to the caller (it re-checks and follows them). Call checkUserUrl first for a readable
 * reason on IP literals and names that already resolve privately.
 */

export interface GuardedResponse {
  status: number;
  header(name: string): string | undefined;
  /** The body, decompressed (gzip, deflate, br). */
  body: Readable;
}

export async function guardedGet(
  url: URL,
  opts: { allowedHosts: string[]; signal: AbortSignal; headers: Record<string, string> },
): Promise<GuardedResponse> {
  const res = await guardedFetch({ allowedHosts: opts.allowedHosts })(url, {
    headers: { 'accept-encoding': 'gzip, deflate, br', ...opts.headers },
    signal: opts.signal,
    redirect: 'manual',
  });
  return {
    status: res.status,
    header: (name) => res.headers.get(name) ?? undefined,
    body: res.body ? Readable.fromWeb(res.body as NodeReadableStream) : Readable.from([]),
  };
}

/** Read a stream up to `max` bytes; null when it is longer (the stream is destroyed). */
export async function readStreamBounded(body: Readable, max: number): Promise<Uint8Array | null> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > max) {
      body.destroy();
      return null;
    }
    parts.push(b);
  }
  return Buffer.concat(parts);
}
