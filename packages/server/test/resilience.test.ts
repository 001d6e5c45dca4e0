import type { SseFrame } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postChat, readFrames, signUp, startTestApp, type TestApp } from './helpers.ts';

describe('provider resilience', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { env: { PROVIDER_MAX_RETRIES: '1', PROVIDER_IDLE_TIMEOUT: '2' } });
  });
  afterAll(async () => t?.close());

  it('retries a rate-limited request once and then answers', async () => {
    const s = await signUp(t);
    const frames = await readFrames(await postChat(t, s, { text: 'hello [[fake:429-then-ok]]' }));
    expect(frames.some((f) => 'final' in f.data)).toBe(true);
    const attempts = t.fake.journal.all().filter((e) => e.rawBody.includes('429-then-ok'));
    expect(attempts.map((e) => e.status)).toEqual([429, 200]);
  });

  it('ends a stalled reply with an error instead of hanging', async () => {
    const s = await signUp(t);
    const started = Date.now();
    const frames = await readFrames(await postChat(t, s, { text: 'hello [[fake:stall ms=10000 at=2]]' }));
    expect(Date.now() - started).toBeLessThan(5000);
    const err = frames.find((f) => 'error' in f.data)?.data as Extract<SseFrame, { error: true }>;
    expect(JSON.parse(err.message).info).toMatch(/stopped responding/);
  });
});

describe('message limits', () => {
  it('refuses more concurrent replies than CONCURRENT_MESSAGE_MAX with the spec error', async () => {
    const t = await startTestApp('sqlite', { env: { CONCURRENT_MESSAGE_MAX: '1' } });
    try {
      const s = await signUp(t);
      const first = await postChat(t, s, { text: 'long [[fake:tokens=100 tps=100]]' });
      await readFrames(first, (f) => f.seq >= 2);
      const second = await postChat(t, s, { text: 'another' });
      expect(second.status).toBe(429);
      const body = await second.json();
      expect(JSON.parse(body.error.message)).toEqual({ type: 'concurrent', limit: 1 });
      expect(body.error.details).toEqual({ type: 'concurrent', limit: 1 });
    } finally {
      await t.close();
    }
  });

  it('caps messages per IP per window with the spec error', async () => {
    const t = await startTestApp('sqlite', { env: { MESSAGE_IP_MAX: '2', MESSAGE_IP_WINDOW: '1' } });
    try {
      const s = await signUp(t);
      await readFrames(await postChat(t, s, { text: 'one' }));
      await readFrames(await postChat(t, s, { text: 'two' }));
      const third = await postChat(t, s, { text: 'three' });
      expect(third.status).toBe(429);
      expect(JSON.parse((await third.json()).error.message)).toEqual({
        type: 'message_limit',
        max: 2,
        windowInMinutes: 1,
      });
    } finally {
      await t.close();
    }
  });
});
