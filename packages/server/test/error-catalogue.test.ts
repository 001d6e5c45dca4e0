import type { SseFrame } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BEDROCK_AND_AZURE_ENV,
  postChat,
  readFrames,
  signUp,
  startTestApp,
  type TestApp,
} from './helpers.ts';

const PROVIDERS = [
  { endpoint: 'openAI', model: 'gpt-4o' },
  { endpoint: 'anthropic', model: 'claude-sonnet-4-5' },
  { endpoint: 'google', model: 'gemini-2.5-flash' },
  { endpoint: 'bedrock', model: 'anthropic.claude-sonnet-4-5-20250929-v1:0' },
  { endpoint: 'azureOpenAI', model: 'gpt-4o' },
  { endpoint: 'Groq', model: 'llama-3.3-70b' },
];

const ERRORS: [string, string][] = [
  ['error-401', 'invalid_api_key'],
  ['error-429', 'rate_limit'],
  ['error-context', 'input_length'],
];

describe('the error catalogue, per provider (doc 2 §8.3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', {
      yaml: `endpoints:\n  custom:\n    - { name: Groq, apiKey: g, baseURL: "{{FAKE}}/groq/openai/v1", models: { default: [llama-3.3-70b] } }\n`,
      env: BEDROCK_AND_AZURE_ENV,
    });
  });
  afterAll(async () => t?.close());

  for (const p of PROVIDERS) {
    it(`${p.endpoint}: 401, 429 and context length become their spec types`, async () => {
      const s = await signUp(t);
      for (const [directive, type] of ERRORS) {
        const frames = await readFrames(await postChat(t, s, { text: `hi [[fake:${directive}]]`, ...p }));
        const e = frames.find((f) => 'error' in f.data)?.data as
          | Extract<SseFrame, { error: true }>
          | undefined;
        expect(e, `${p.endpoint} ${directive}`).toBeTruthy();
        expect(JSON.parse(e!.message).type, `${p.endpoint} ${directive}`).toBe(type);
      }
    });
  }

  it('OpenAI and Azure: exhausted quota', async () => {
    const s = await signUp(t);
    for (const p of [PROVIDERS[0], PROVIDERS[4]]) {
      const frames = await readFrames(await postChat(t, s, { text: 'hi [[fake:error-quota]]', ...p }));
      const e = frames.find((f) => 'error' in f.data)?.data as Extract<SseFrame, { error: true }>;
      expect(JSON.parse(e.message).type, p.endpoint).toBe(
        p.endpoint === 'openAI' ? 'insufficient_quota' : 'rate_limit',
      );
    }
  });
});
