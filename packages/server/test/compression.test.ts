import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../src/net/compress-json.ts';
import {
  authed,
  finalFrame,
  postChat,
  readFrames,
  type Session,
  signUp,
  startTestApp,
  type TestApp,
} from './helpers.ts';

describe('compressed JSON answers', () => {
  let t: TestApp;
  let s: Session;
  let convoId: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    s = await signUp(t);
    const f = finalFrame(
      await readFrames(await postChat(t, s, { text: 'Write a lot [[fake:long tokens=3000]]' })),
    );
    convoId = f.conversation.conversationId!;
  });
  afterAll(async () => t?.close());

  const get = (url: string, encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...authed(s), ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('sends a long conversation brotli- or gzip-compressed, as the client accepts', async () => {
    const plain = await get(`/api/messages/${convoId}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);

    const br = await get(`/api/messages/${convoId}`, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get(`/api/messages/${convoId}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers and reply streams uncompressed', async () => {
    const small = await get('/api/user', 'br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();

    const stream = await fetch(`${t.base}/api/chat`, {
      method: 'POST',
      headers: { ...authed(s), 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      body: JSON.stringify({
        text: 'Again [[fake:long tokens=3000]]',
        endpoint: 'openAI',
        model: 'gpt-4o',
        conversationId: null,
        parentMessageId: '00000000-0000-0000-0000-000000000000',
      }),
    });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('content-encoding')).toBeNull();
    await stream.text();
  });
});
