import type { DialectName } from '@parley/fake-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BEDROCK_AND_AZURE_ENV,
  postChat,
  readFrames,
  signUp,
  startTestApp,
  type TestApp,
} from './helpers.ts';

const PARAMS = { temperature: 0.3, top_p: 0.8, topK: 40, max_tokens: 321, stop: ['END', 'STOP'] };

type Body = Record<string, unknown> & {
  generationConfig?: Record<string, unknown>;
  inferenceConfig?: Record<string, unknown>;
  additionalModelRequestFields?: Record<string, unknown>;
};

/** Each provider's own wire names for the same settings (shared/reference/providers.md). */
const CASES: {
  endpoint: string;
  model: string;
  dialect: DialectName;
  extra?: Record<string, unknown>;
  check(b: Body): void;
}[] = [
  {
    endpoint: 'openAI',
    model: 'gpt-4o',
    dialect: 'openai-chat',
    check: (b) => {
      expect(b.temperature).toBe(0.3);
      expect(b.top_p).toBe(0.8);
      expect(b.max_tokens ?? b.max_completion_tokens).toBe(321);
      expect(b.stop).toEqual(['END', 'STOP']);
      expect(b).not.toHaveProperty('top_k'); // OpenAI has no top_k
    },
  },
  {
    endpoint: 'openAI',
    model: 'gpt-4o',
    dialect: 'openai-responses',
    extra: { useResponsesApi: true },
    check: (b) => {
      expect(b.temperature).toBe(0.3);
      expect(b.top_p).toBe(0.8);
      expect(b.max_output_tokens).toBe(321);
    },
  },
  {
    endpoint: 'anthropic',
    model: 'claude-sonnet-4-5',
    dialect: 'anthropic',
    check: (b) => {
      expect(b.temperature).toBe(0.3);
      // Current Claude models take temperature or top_p, not both: the SDK sends temperature.
      expect(b.top_p).toBeUndefined();
      expect(b.top_k).toBe(40);
      expect(b.max_tokens).toBe(321);
      expect(b.stop_sequences).toEqual(['END', 'STOP']);
    },
  },
  {
    endpoint: 'google',
    model: 'gemini-2.5-flash',
    dialect: 'gemini',
    check: (b) => {
      expect(b.generationConfig).toMatchObject({
        temperature: 0.3,
        topP: 0.8,
        topK: 40,
        maxOutputTokens: 321,
        stopSequences: ['END', 'STOP'],
      });
    },
  },
  {
    endpoint: 'bedrock',
    model: 'anthropic.claude-sonnet-4-5-20250929-v1:0',
    dialect: 'bedrock',
    check: (b) => {
      expect(b.inferenceConfig).toMatchObject({
        temperature: 0.3,
        topP: 0.8,
        maxTokens: 321,
        stopSequences: ['END', 'STOP'],
      });
    },
  },
  {
    endpoint: 'azureOpenAI',
    model: 'gpt-4o',
    dialect: 'azure',
    check: (b) => {
      expect(b.temperature).toBe(0.3);
      expect(b.top_p).toBe(0.8);
      expect(b.stop).toEqual(['END', 'STOP']);
    },
  },
];

describe('model parameters reach each provider in its own wire shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', {
      env: BEDROCK_AND_AZURE_ENV,
    });
  });
  afterAll(async () => t?.close());

  for (const c of CASES) {
    it(`${c.endpoint} (${c.dialect})`, async () => {
      const s = await signUp(t);
      const frames = await readFrames(
        await postChat(t, s, {
          text: 'settings',
          endpoint: c.endpoint,
          model: c.model,
          ...PARAMS,
          ...c.extra,
        }),
      );
      expect(
        frames.some((f) => 'final' in f.data),
        JSON.stringify(frames.at(-1)?.data),
      ).toBe(true);
      c.check(t.fake.journal.last(c.dialect)!.body as Body);
    });
  }
});
