import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FileUploadResult, paths } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Uploads stream to storage (issue 14 §1): the real server in its own process, so its RSS is the
 * server's alone, takes a file far larger than the RSS bound without growing past it, and stops
 * reading a refused upload at the limit instead of taking the rest. The 500 MB run is the bench
 * (bench/files/upload.ts), which reports the growth against the 32 MB target. Here the
 * bound guards against holding the file: what growth there is (12–37 MB over runs) is V8
 * collecting the socket's dead read buffers only every ~20 MB of them (scavenges on "external
 * memory pressure", seen with --trace-gc), not bytes kept; a server that held the upload would
 * grow by its whole 160 MB.
 */

const MB = 1024 * 1024;
const UPLOAD_BYTES = 160 * MB;
const RSS_BOUND = 48 * MB;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

interface StreamedAnswer {
  status: number;
  body: string;
  /** Bytes of the file part the client had sent when the answer came. */
  sentWhenAnswered: number;
}

/** The socket took what was written, or the server closed it (after refusing). */
function drainedOrClosed(req: http.ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      req.off('drain', done);
      req.off('close', done);
      resolve();
    };
    req.on('drain', done);
    req.on('close', done);
  });
}

/** A multipart upload of `size` bytes of text, written chunk by chunk as the socket takes them. */
async function streamUpload(
  url: string,
  token: string,
  size: number,
  fields: Record<string, string> = {},
): Promise<StreamedAnswer> {
  const boundary = `parley${Date.now()}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = http.request(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + size + tail.length),
    },
  });
  let sent = 0;
  let answered: number | null = null;
  const response = new Promise<StreamedAnswer>((resolve, reject) => {
    req.on('response', (res) => {
      answered = sent;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sentWhenAnswered: answered ?? sent }));
    });
    // Writing into a connection the server closed after refusing is expected; only a missing answer fails.
    req.on('error', (err) => setTimeout(() => reject(err), 2000));
  });
  const chunk = Buffer.alloc(MB, 'a');
  req.write(head);
  while (sent < size && answered === null && !req.destroyed) {
    const n = Math.min(chunk.length, size - sent);
    sent += n;
    if (!req.write(chunk.subarray(0, n))) await drainedOrClosed(req);
  }
  if (answered === null && !req.destroyed) req.end(tail);
  return response;
}

describe('files: streamed uploads (a server in its own process)', () => {
  let child: ChildProcess;
  let base: string;
  let dir: string;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'parley-files-stream-'));
    writeFileSync(
      path.join(dir, 'librechat.yaml'),
      'fileConfig:\n  endpoints:\n    openAI:\n      fileSizeLimit: 4\n',
    );
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: String(port),
        DATA_DIR: dir,
        CONFIG_PATH: path.join(dir, 'librechat.yaml'),
        WEB_DIST: '',
        JWT_SECRET: 'stream-test',
        JWT_REFRESH_SECRET: 'stream-test',
        REGISTER_MAX: '1000',
        LOGIN_MAX: '1000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const end = Date.now() + 60_000;
    for (;;) {
      const up = await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > end) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const account = { name: 'Streamer', email: 'stream@example.com', password: 'correct horse battery' };
    const post = (p: string, body: object) =>
      fetch(`${base}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post('/api/auth/register', { ...account, confirm_password: account.password });
    const login = (await (await post('/api/auth/login', account)).json()) as {
      token: string;
      user: { id: string };
    };
    token = login.token;
    userId = login.user.id;
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it(`takes ${UPLOAD_BYTES / MB} MB with RSS growth under ${RSS_BOUND / MB} MB`, async () => {
    // Warm up: the first upload loads the lazy modules (multipart, file-type) and sizes the pools.
    const warm = await streamUpload(`${base}${paths.files}`, token, 8 * MB);
    expect(warm.status, warm.body).toBe(200);
    const baseline = rssOf(child.pid!);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(child.pid!));
    }, 10);
    const answer = await streamUpload(`${base}${paths.files}`, token, UPLOAD_BYTES);
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(child.pid!));
    expect(answer.status, answer.body).toBe(200);
    const file = JSON.parse(answer.body) as FileUploadResult;
    expect(file).toMatchObject({ bytes: UPLOAD_BYTES, type: 'text/plain' });
    expect(statSync(path.join(dir, 'files', userId, file.file_id)).size).toBe(UPLOAD_BYTES);
    const growth = peak - baseline;
    console.log(
      `RSS ${Math.round(baseline / MB)} MB -> peak ${Math.round(peak / MB)} MB (+${(growth / MB).toFixed(1)} MB)`,
    );
    expect(growth).toBeLessThan(RSS_BOUND);
  }, 60_000);

  it('stops reading a refused upload at the limit: the answer comes before the client has sent it all', async () => {
    const size = 96 * MB;
    const answer = await streamUpload(`${base}${paths.files}`, token, size, { endpoint: 'openAI' });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.message).toBe('File size exceeds 4 MB.');
    // The socket buffers hold a few MB; anything near the whole file would mean the server read it all.
    expect(answer.sentWhenAnswered).toBeLessThan(size / 2);
  }, 60_000);
});
