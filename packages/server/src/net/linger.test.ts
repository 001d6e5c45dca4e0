import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lingerAfterAnswer } from './linger.ts';

const MB = 1024 * 1024;
const BOUNDS = { ms: 1000, bytes: 2 * MB };

/** A client on a raw socket: what it has read, and when the server cut it. */
interface Exchange {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

function open(port: number): Exchange {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (c: string) => {
    text += c;
  });
  // Writes into a cut connection fail; the test reads what arrived before that.
  socket.on('error', () => {});
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  return { socket, received: () => text, closed };
}

async function sendBody(ex: Exchange, size: number, count: (n: number) => void): Promise<void> {
  const chunk = Buffer.alloc(256 * 1024, 'a');
  let left = size;
  while (left > 0 && !ex.socket.destroyed) {
    const n = Math.min(chunk.length, left);
    left -= n;
    count(n);
    if (!ex.socket.write(chunk.subarray(0, n)))
      await new Promise<void>((r) => {
        const done = () => {
          ex.socket.off('drain', done);
          ex.socket.off('close', done);
          r();
        };
        ex.socket.on('drain', done);
        ex.socket.on('close', done);
      });
  }
}

const waitFor = async (test: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('lingerAfterAnswer', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/ok') return void res.end('ok');
      // Like an upload refused at its first piece: the reader gives up, the rest stays unread.
      req.once('data', () => {
        req.pause();
        lingerAfterAnswer(req, res, BOUNDS);
        res.writeHead(413, { 'content-type': 'text/plain' }).end('too large');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const head = (size: number) => `POST /upload HTTP/1.1\r\nhost: x\r\ncontent-length: ${size}\r\n\r\n`;

  it('drops a body that ends within the bounds and keeps the connection for the next request', async () => {
    const ex = open(port);
    let sent = 0;
    ex.socket.write(head(MB));
    await sendBody(ex, MB, (n) => (sent += n));
    ex.socket.write('GET /ok HTTP/1.1\r\nhost: x\r\n\r\n');
    await waitFor(() => ex.received().endsWith('ok'));
    expect(ex.received()).toMatch(/^HTTP\/1\.1 413[\s\S]*too large[\s\S]*HTTP\/1\.1 200/);
    expect(sent).toBe(MB);
    expect(ex.socket.destroyed).toBe(false);
    ex.socket.destroy();
  });

  it('answers a client that keeps sending, then cuts it past the byte bound', async () => {
    const ex = open(port);
    const size = 64 * MB;
    let sent = 0;
    const started = Date.now();
    ex.socket.write(head(size));
    await sendBody(ex, size, (n) => (sent += n));
    await ex.closed;
    // Cut by the byte bound, well before the time bound (and Node's own 5 s keep-alive timeout).
    expect(Date.now() - started).toBeLessThan(BOUNDS.ms);
    expect(ex.received()).toMatch(/^HTTP\/1\.1 413[\s\S]*too large/);
    expect(sent).toBeLessThan(size / 4);
  });

  it('cuts a client that stops sending once the time bound passes', async () => {
    const ex = open(port);
    ex.socket.write(head(8 * MB));
    await sendBody(ex, 256 * 1024, () => {});
    const started = Date.now();
    await ex.closed;
    expect(ex.received()).toMatch(/^HTTP\/1\.1 413/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(BOUNDS.ms - 50);
    expect(Date.now() - started).toBeLessThan(BOUNDS.ms + 2000);
  });
});
