import { type LookupAddress, lookup } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, ServiceError } from './http.ts';

/** searx.test resolves to loopback for the connection: what a rebinding name does after a check. */
const names = ((host: string, options: object, callback: (e: Error | null, a: LookupAddress[]) => void) =>
  host === 'searx.test'
    ? callback(null, [{ address: '127.0.0.1', family: 4 }])
    : lookup(host, { ...options, all: true }, callback)) as unknown as typeof lookup;

describe('callJson with a user URL', () => {
  let server: Server;
  let port = 0;
  let calls = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      calls++;
      res.setHeader('content-type', 'application/json');
      res.end('{"results":[]}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const call = (allowedHosts: string[]) =>
    callJson({
      service: 'SearXNG',
      url: `http://searx.test:${port}/search`,
      init: { method: 'GET' },
      timeoutMs: 5_000,
      signal: new AbortController().signal,
      guard: { allowedHosts, lookup: names },
    });

  it('refuses at connect time a host that resolves to a private address', async () => {
    const err = (await call([]).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(ServiceError);
    expect(err.message).toBe(
      'SearXNG cannot be used: The host searx.test resolves to a private network address, which is not allowed.',
    );
    expect(calls).toBe(0);
  });

  it('reaches it when the host is allowed (ALLOWED_PRIVATE_HOSTS)', async () => {
    expect(await call(['searx.test'])).toEqual({ results: [] });
    expect(calls).toBe(1);
  });
});
