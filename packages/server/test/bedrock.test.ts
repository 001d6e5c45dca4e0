import type { SseFrame } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, postChat, readFrames, signUp, startTestApp, type TestApp } from './helpers.ts';

const final = (frames: { data: SseFrame }[]) =>
  frames.find((f) => 'final' in f.data)?.data as Extract<SseFrame, { final: true }> | undefined;
const MODEL = 'anthropic.claude-sonnet-4-5-20250929-v1:0';

describe('AWS Bedrock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', {
      yaml: 'endpoints:\n  bedrock:\n    availableRegions: [us-east-1, eu-west-1]\n',
      env: {
        BEDROCK_AWS_ACCESS_KEY_ID: 'AKIATESTKEY',
        BEDROCK_AWS_SECRET_ACCESS_KEY: 'test-secret',
        BEDROCK_AWS_DEFAULT_REGION: 'us-east-1',
        BEDROCK_AWS_MODELS: MODEL,
        BEDROCK_BASE_URL: '{{FAKE}}/bedrock',
      },
    });
  });
  afterAll(async () => t?.close());

  it('streams a reply over ConverseStream with SigV4 credentials from env', async () => {
    const s = await signUp(t);
    const frames = await readFrames(
      await postChat(t, s, { text: 'hello bedrock', endpoint: 'bedrock', model: MODEL }),
    );
    expect(final(frames)?.responseMessage.text).toContain('hello bedrock');
    const entry = t.fake.journal.last('bedrock')!;
    expect(entry.path).toBe(`/bedrock/model/${encodeURIComponent(MODEL)}/converse-stream`);
    expect(entry.headers.authorization).toMatch(/AWS4-HMAC-SHA256/);
    expect(JSON.stringify(entry.headers)).toContain('us-east-1');
  });

  it('signs for the chosen region when it is available', async () => {
    const s = await signUp(t);
    await readFrames(
      await postChat(t, s, { text: 'eu', endpoint: 'bedrock', model: MODEL, region: 'eu-west-1' }),
    );
    expect(t.fake.journal.last('bedrock')!.headers.authorization).toContain('/eu-west-1/bedrock/');
  });

  it('streams reasoning as think parts and maps throttling', async () => {
    const s = await signUp(t);
    const frames = await readFrames(
      await postChat(t, s, {
        text: 'think [[fake:think]]',
        endpoint: 'bedrock',
        model: MODEL,
        thinking: true,
      }),
    );
    expect(final(frames)?.responseMessage.content?.[0]?.type).toBe('think');
    const limited = await readFrames(
      await postChat(t, s, { text: 'x [[fake:error-429]]', endpoint: 'bedrock', model: MODEL }),
    );
    const e = limited.find((f) => 'error' in f.data)?.data as Extract<SseFrame, { error: true }>;
    expect(JSON.parse(e.message).type).toBe('rate_limit');
  });

  it('lists the bedrock endpoint and its models', async () => {
    const s = await signUp(t);
    const models = await (await fetch(`${t.base}/api/models`, { headers: authed(s) })).json();
    expect(models.bedrock).toEqual([MODEL]);
  });
});
