import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeProvider, vertexBaseURL } from '@parley/fake-provider';
import type { SseFrame } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, postChat, readFrames, signUp, startTestApp, type TestApp } from './helpers.ts';

const final = (frames: { data: SseFrame }[]) =>
  frames.find((f) => 'final' in f.data)?.data as Extract<SseFrame, { final: true }> | undefined;

describe('Google Vertex AI with a service account', () => {
  let t: TestApp;
  let tokenFake: Awaited<ReturnType<typeof startFakeProvider>>;
  beforeAll(async () => {
    // A fake of its own holds the service account; the app reaches it only through the key
    // file's token_uri and GOOGLE_VERTEX_BASE_URL, as it would reach Google.
    tokenFake = await startFakeProvider();
    const sa = tokenFake.createServiceAccount();
    const file = path.join(tmpdir(), `parley-sa-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify(sa));
    t = await startTestApp('sqlite', {
      env: {
        GOOGLE_SERVICE_KEY_FILE: file,
        GOOGLE_LOC: 'us-central1',
        GOOGLE_VERTEX_BASE_URL: vertexBaseURL(tokenFake, sa.project_id, 'us-central1'),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await tokenFake?.close();
  });

  it('exchanges a signed JWT for a token at token_uri and streams from Vertex', async () => {
    const s = await signUp(t);
    const frames = await readFrames(
      await postChat(t, s, { text: 'hello vertex', endpoint: 'google', model: 'gemini-2.5-flash' }),
    );
    expect(final(frames)?.responseMessage.text).toContain('hello vertex');
    const token = tokenFake.journal.all().find((e) => e.path === '/vertex/token');
    expect(token?.status).toBe(200);
    const entry = tokenFake.journal.last('vertex')!;
    expect(entry.path).toMatch(
      /\/vertex\/v1beta1\/projects\/.+\/locations\/us-central1\/publishers\/google\/models\/gemini-2.5-flash:streamGenerateContent/,
    );
    expect(entry.headers.authorization).toMatch(/^Bearer /);
  });

  it('sends frequency and presence penalties in generationConfig', async () => {
    const s = await signUp(t);
    const frames = await readFrames(
      await postChat(t, s, {
        text: 'penalties',
        endpoint: 'google',
        model: 'gemini-2.5-flash',
        frequency_penalty: 0.5,
        presence_penalty: -0.25,
      }),
    );
    expect(final(frames)).toBeTruthy();
    // Unlike the Gemini API, Vertex takes them for 2.5 models too.
    const body = tokenFake.journal.last('vertex')!.body as { generationConfig: Record<string, unknown> };
    expect(body.generationConfig).toMatchObject({ frequencyPenalty: 0.5, presencePenalty: -0.25 });
  });

  it('reuses the token for the next request', async () => {
    const s = await signUp(t);
    const before = tokenFake.journal.all().filter((e) => e.path === '/vertex/token').length;
    await readFrames(await postChat(t, s, { text: 'again', endpoint: 'google', model: 'gemini-2.5-flash' }));
    const after = tokenFake.journal.all().filter((e) => e.path === '/vertex/token').length;
    expect(after).toBe(before);
    expect((await fetch(`${t.base}/api/endpoints`, { headers: authed(s) })).status).toBe(200);
  });
});
