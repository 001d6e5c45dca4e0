import { type LookupAddress, lookup } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { isPrivateAddress } from './ssrf.ts';

/**
 * GET a URL the server did not choose (a web page from search results) without reaching private
 * networks: the address is checked when the socket connects, by the lookup the connection itself
 * uses, so a name that resolves to a public address for a check and a private one for the fetch
 * (DNS rebinding) is refused too. Call checkUserUrl first for IP literals and a readable reason.
 */

export class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`The host ${host} resolves to a private network address, which is not allowed.`);
    this.name = 'PrivateAddressError';
  }
}

function guardedLookup(allowedHosts: string[]): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const allowed = allowedHosts.includes(hostname.toLowerCase());
      if (!allowed && addresses.some((a) => isPrivateAddress(a.address))) {
        return callback(new PrivateAddressError(hostname), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

export interface GuardedResponse {
  status: number;
  header(name: string): string | undefined;
  /** The body, decompressed (gzip, deflate, br). */
  body: Readable;
}

export function guardedGet(
  url: URL,
  opts: { allowedHosts: string[]; signal: AbortSignal; headers: Record<string, string> },
): Promise<GuardedResponse> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'GET',
        headers: { 'accept-encoding': 'gzip, deflate, br', ...opts.headers },
        lookup: guardedLookup(opts.allowedHosts),
        signal: opts.signal,
      },
      (res: IncomingMessage) => {
        const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
        const decoder =
          encoding === 'gzip' || encoding === 'x-gzip'
            ? createGunzip()
            : encoding === 'deflate'
              ? createInflate()
              : encoding === 'br'
                ? createBrotliDecompress()
                : null;
        if (decoder) res.on('error', (e) => decoder.destroy(e));
        const header = (name: string) => {
          const v = res.headers[name.toLowerCase()];
          return Array.isArray(v) ? v.join(', ') : v;
        };
        resolve({ status: res.statusCode ?? 0, header, body: decoder ? res.pipe(decoder) : res });
      },
    );
    req.on('error', reject);
    req.end();
  });
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
