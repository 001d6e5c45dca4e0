import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedGet, PrivateAddressError, readStreamBounded } from './guarded-get.ts';

describe('guardedGet', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/gz') {
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        res.end(gzipSync(Buffer.from('<p>zipped</p>'.repeat(1000))));
      } else res.end('plain');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const get = (path: string, allowedHosts: string[]) =>
    guardedGet(new URL(`http://localhost:${port}${path}`), {
      allowedHosts,
      signal: new AbortController().signal,
      headers: {},
    });

  it('refuses a name that resolves to a private address when the socket connects', async () => {
    await expect(get('/', [])).rejects.toBeInstanceOf(PrivateAddressError);
  });

  it('connects to an allowed host and decompresses the body, bounded after decoding', async () => {
    const plain = await get('/', ['localhost']);
    expect(Buffer.from((await readStreamBounded(plain.body, 100))!).toString()).toBe('plain');
    const zipped = await get('/gz', ['localhost']);
    expect(zipped.header('content-type')).toBe('text/html');
    expect((await readStreamBounded(zipped.body, 1_000_000))!.byteLength).toBe(13_000);
    // 13 KB of text from a few hundred bytes on the wire: the cap counts what it inflates to.
    expect(await readStreamBounded((await get('/gz', ['localhost'])).body, 5_000)).toBeNull();
  });
});
