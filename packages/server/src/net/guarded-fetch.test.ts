import { type LookupAddress, lookup } from 'node:dns';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, isIP } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch, PrivateAddressError, ResponseTooLargeError } from './guarded-fetch.ts';

/** A resolver where the test decides what some names resolve to (others: the system's). */
function fakeDns(names: Record<string, string>): typeof lookup {
  return ((host: string, options: object, callback: (e: Error | null, a: LookupAddress[]) => void) => {
    const address = names[host];
    if (!address) return lookup(host, { ...options, all: true }, callback);
    callback(null, [{ address, family: isIP(address) }]);
  }) as unknown as typeof lookup;
}

describe('guardedFetch', () => {
  let server: Server;
  let port = 0;
  const served: string[] = [];
  let connections = 0;
  let releaseStream: () => void = () => {};
  beforeAll(async () => {
    server = createServer((req, res) => {
      served.push(req.url ?? '');
      if (req.url === '/to-private') {
        res.writeHead(302, { location: `http://rebound.test:${port}/secret` });
        res.end();
      } else if (req.url === '/to-allowed') {
        res.writeHead(302, { location: `http://allowed.test:${port}/plain` });
        res.end();
      } else if (req.url === '/sse') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: first\n\n');
        // The rest only once the client has read the first event: a buffering fetch never would.
        releaseStream = () => res.end('data: last\n\n');
      } else if (req.url === '/big') {
        res.write('x'.repeat(10_000));
        setTimeout(() => res.end('x'.repeat(10_000)), 20);
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('late'), 2_000);
      } else res.end('plain');
    });
    server.on('connection', () => connections++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const names = fakeDns({
    'allowed.test': '127.0.0.1',
    'rebound.test': '127.0.0.1',
    'mapped.test': '::ffff:127.0.0.1',
  });

  it('refuses a name that resolves to a loopback address, unless the host is allowed', async () => {
    await expect(guardedFetch({ allowedHosts: [] })(`http://localhost:${port}/`)).rejects.toBeInstanceOf(
      PrivateAddressError,
    );
    const res = await guardedFetch({ allowedHosts: ['localhost'] })(`http://localhost:${port}/`);
    expect(await res.text()).toBe('plain');
  });

  it('checks the address the connection resolves, whatever an earlier lookup said', async () => {
    // rebound.test is "public" to anyone else; the socket's own lookup gets 127.0.0.1.
    const f = guardedFetch({ allowedHosts: ['allowed.test'], lookup: names });
    const before = connections;
    await expect(f(`http://rebound.test:${port}/`)).rejects.toThrow(/rebound\.test resolves to a private/);
    await expect(f(`http://mapped.test:${port}/`)).rejects.toBeInstanceOf(PrivateAddressError);
    expect(connections).toBe(before); // refused before a socket was opened
    expect(await (await f(`http://allowed.test:${port}/`)).text()).toBe('plain');
  });

  it('refuses literal private addresses (IPv4, IPv6, IPv4-mapped) unless allowed', async () => {
    const f = guardedFetch({ allowedHosts: [] });
    for (const host of ['127.0.0.1', '[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]']) {
      await expect(f(`http://${host}:${port}/`), host).rejects.toBeInstanceOf(PrivateAddressError);
    }
    const ok = await guardedFetch({ allowedHosts: ['127.0.0.1'] })(`http://127.0.0.1:${port}/`);
    expect(await ok.text()).toBe('plain');
  });

  it('checks every redirect hop; refuses redirects when the caller says so', async () => {
    const f = guardedFetch({ allowedHosts: ['allowed.test'], lookup: names });
    served.length = 0;
    await expect(f(`http://allowed.test:${port}/to-private`)).rejects.toBeInstanceOf(PrivateAddressError);
    expect(served).toEqual(['/to-private']); // the private hop was never requested
    expect(await (await f(`http://allowed.test:${port}/to-allowed`)).text()).toBe('plain');
    await expect(f(`http://allowed.test:${port}/to-allowed`, { redirect: 'error' })).rejects.toThrow();
    const manual = await f(`http://allowed.test:${port}/to-private`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
  });

  it('streams: an event arrives before the body ends', async () => {
    const res = await guardedFetch({ allowedHosts: ['127.0.0.1'], maxResponseBytes: 1_000 })(
      `http://127.0.0.1:${port}/sse`,
    );
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: first\n\n');
    releaseStream();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read())
      rest += new TextDecoder().decode(r.value);
    expect(rest).toBe('data: last\n\n');
  });

  it('bounds the answer size and time when asked', async () => {
    const small = guardedFetch({ allowedHosts: ['127.0.0.1'], maxResponseBytes: 15_000 });
    const big = await small(`http://127.0.0.1:${port}/big`);
    await expect(big.text()).rejects.toBeInstanceOf(ResponseTooLargeError);
    const quick = guardedFetch({ allowedHosts: ['127.0.0.1'], timeoutMs: 200 });
    await expect(quick(`http://127.0.0.1:${port}/slow`)).rejects.toThrow(/timeout|aborted/i);
  });
});
