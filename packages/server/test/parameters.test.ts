import type { DialectName } from '@parley/fake-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDef, ProviderFamily } from '../src/providers/catalog.ts';
import { providerRegistry } from '../src/providers/index.ts';
import {
  BEDROCK_AND_AZURE_ENV,
  postChat,
  readFrames,
  signUp,
  startTestApp,
  type TestApp,
} from './helpers.ts';

const PARAMS = {
  temperature: 0.3,
  top_p: 0.8,
  topK: 40,
  frequency_penalty: 0.5,
  presence_penalty: -0.25,
  max_tokens: 321,
  stop: ['END', 'STOP'],
};

/** Anthropic-style APIs take no penalties: nothing of them may reach the wire in any spelling. */
function expectNoPenalties(b: Body) {
  expect(JSON.stringify(b)).not.toMatch(/penalty/i);
}

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
      expect(b.frequency_penalty).toBe(0.5);
      expect(b.presence_penalty).toBe(-0.25);
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
      // The Responses API has no penalties; the SDK would only drop them with a warning.
      expectNoPenalties(b);
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
      expectNoPenalties(b);
    },
  },
  {
    endpoint: 'google',
    model: 'gemini-2.0-flash',
    dialect: 'gemini',
    check: (b) => {
      expect(b.generationConfig).toMatchObject({
        temperature: 0.3,
        topP: 0.8,
        topK: 40,
        frequencyPenalty: 0.5,
        presencePenalty: -0.25,
        maxOutputTokens: 321,
        stopSequences: ['END', 'STOP'],
      });
    },
  },
  {
    endpoint: 'google',
    model: 'gemini-2.5-flash',
    dialect: 'gemini',
    check: (b) => {
      expect(b.generationConfig).toMatchObject({ temperature: 0.3, topK: 40, maxOutputTokens: 321 });
      // The Gemini API takes no penalties for 2.5 models; the SDK leaves them out.
      expectNoPenalties(b);
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
      expectNoPenalties(b);
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
      expect(b.frequency_penalty).toBe(0.5);
      expect(b.presence_penalty).toBe(-0.25);
    },
  },
  {
    endpoint: 'Compat',
    model: 'local-model',
    dialect: 'compatible',
    check: (b) => {
      expect(b.temperature).toBe(0.3);
      expect(b.top_p).toBe(0.8);
      expect(b.max_tokens).toBe(321);
      expect(b.frequency_penalty).toBe(0.5);
      expect(b.presence_penalty).toBe(-0.25);
    },
  },
];

describe('model parameters reach each provider in its own wire shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', {
      yaml: `endpoints:\n  custom:\n    - { name: Compat, apiKey: c, baseURL: "{{FAKE}}/compatible/v1", models: { default: [local-model] } }\n`,
      env: BEDROCK_AND_AZURE_ENV,
    });
  });
  afterAll(async () => t?.close());

  for (const c of CASES) {
    it(`${c.endpoint} ${c.model} (${c.dialect})`, async () => {
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

describe('penalties are passed only where the API takes them', () => {
  // The SDK drops them elsewhere too, but with a warning: they are never handed over there.
  const endpoint = (family: ProviderFamily, extra: Partial<EndpointDef> = {}): EndpointDef => ({
    name: `${family}-test`,
    family,
    apiKey: 'k',
    baseURL: 'http://127.0.0.1:9/v1',
    userProvide: false,
    userProvideURL: false,
    models: ['m'],
    titleConvo: false,
    ...extra,
  });
  const azure = [{ model: 'm', apiKey: 'k', baseURL: 'http://127.0.0.1:9/openai/v1', deploymentName: 'm' }];
  const bedrock = { region: 'us-east-1', availableRegions: ['us-east-1'], accessKeyId: 'AKIA' };
  const cases: [string, EndpointDef, Record<string, unknown>, boolean][] = [
    ['openai chat', endpoint('openai'), {}, true],
    ['openai responses', endpoint('openai'), { useResponsesApi: true }, false],
    ['azure chat', endpoint('azure', { azure }), {}, true],
    ['azure responses', endpoint('azure', { azure }), { useResponsesApi: true }, false],
    ['google', endpoint('google'), {}, true],
    ['custom', endpoint('custom'), {}, true],
    ['anthropic', endpoint('anthropic'), {}, false],
    ['custom with provider: anthropic', endpoint('custom', { nativeAnthropic: true }), {}, false],
    ['bedrock', endpoint('bedrock', { bedrock }), {}, false],
  ];
  for (const [label, def, params, expected] of cases) {
    it(label, () => {
      const resolved = providerRegistry().resolve(def, 'm', params, { apiKey: 'k', fromUser: false });
      expect(Boolean(resolved.penalties)).toBe(expected);
    });
  }
});
