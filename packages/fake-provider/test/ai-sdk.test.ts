import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createAzure } from '@ai-sdk/azure';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createVertex } from '@ai-sdk/google-vertex';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  APICallError,
  jsonSchema,
  type LanguageModel,
  type ProviderMetadata,
  stepCountIs,
  streamText,
  tool,
} from 'ai';
import { describe, expect, it } from 'vitest';
import {
  type FakeProviderUrls,
  googleAuthOptionsFor,
  type TestServiceAccount,
  vertexBaseURL,
} from '../src/index.ts';
import { collect, statusOf, useFake, WEATHER_SCHEMA } from './helpers.ts';

const ctx = useFake();
/** One Vertex service account per fake, made on first use. */
let vertexSa: TestServiceAccount | undefined;
const vertexAccount = () => {
  vertexSa ??= ctx.fake.createServiceAccount();
  return vertexSa;
};

interface Case {
  name: string;
  dialect: string;
  model(urls: FakeProviderUrls, apiKey: string): LanguageModel;
  /** How this provider asks for reasoning; undefined = the dialect streams no reasoning text. */
  reasoning?: { providerOptions?: ProviderMetadata; directive?: string };
  /** False where the SDK cannot see the dialect's mid-stream error (see README). */
  seesMidstreamError: boolean;
  /** Gemini answers a bad key with 400 INVALID_ARGUMENT, not 401; Bedrock with 403. */
  authStatus?: number;
  /**
   * How a dropped connection surfaces: SSE providers wrap it in APICallError "Failed to process
   * successful response"; Bedrock's event-stream decoder lets fetch's own error through.
   */
  disconnect?: { apiCallError: boolean; message: RegExp };
}

const CASES: Case[] = [
  {
    name: '@ai-sdk/openai .chat',
    dialect: 'openai-chat',
    model: (u, apiKey) => createOpenAI({ apiKey, baseURL: u.openai }).chat('gpt-4o'),
    seesMidstreamError: true,
  },
  {
    name: '@ai-sdk/openai .responses',
    dialect: 'openai-responses',
    model: (u, apiKey) => createOpenAI({ apiKey, baseURL: u.openai }).responses('o3-mini'),
    reasoning: { providerOptions: { openai: { reasoningEffort: 'low', reasoningSummary: 'auto' } } },
    seesMidstreamError: true,
  },
  {
    name: '@ai-sdk/anthropic',
    dialect: 'anthropic',
    model: (u, apiKey) => createAnthropic({ apiKey, baseURL: u.anthropicV1 })('claude-opus-4-5'),
    reasoning: { providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 1024 } } } },
    seesMidstreamError: true,
  },
  {
    name: '@ai-sdk/google',
    dialect: 'gemini',
    model: (u, apiKey) => createGoogleGenerativeAI({ apiKey, baseURL: u.gemini })('gemini-2.5-flash'),
    reasoning: { providerOptions: { google: { thinkingConfig: { includeThoughts: true } } } },
    seesMidstreamError: false,
    authStatus: 400,
  },
  {
    name: '@ai-sdk/openai-compatible (ollama: delta.reasoning)',
    dialect: 'ollama',
    model: (u, apiKey) =>
      createOpenAICompatible({ name: 'ollama', apiKey, baseURL: u.ollama, includeUsage: true }).chatModel(
        'qwen3',
      ),
    reasoning: { directive: '[[fake:think]]' },
    seesMidstreamError: true,
  },
  {
    name: '@ai-sdk/openai-compatible (deepseek: delta.reasoning_content)',
    dialect: 'deepseek',
    model: (u, apiKey) =>
      createOpenAICompatible({ name: 'deepseek', apiKey, baseURL: u.deepseek }).chatModel('deepseek-chat'),
    reasoning: { directive: '[[fake:think]]' },
    seesMidstreamError: true,
  },
  {
    name: '@ai-sdk/openai-compatible (generic)',
    dialect: 'compatible',
    model: (u, apiKey) =>
      createOpenAICompatible({ name: 'local', apiKey, baseURL: u.compatible, includeUsage: true }).chatModel(
        'local-model',
      ),
    reasoning: { directive: '[[fake:think]]' },
    seesMidstreamError: true,
  },
  {
    name: '@ai-sdk/azure .chat (v1 URLs)',
    dialect: 'azure',
    model: (u, apiKey) => createAzure({ apiKey, baseURL: u.azureV1 }).chat('my-gpt-4o'),
    seesMidstreamError: true,
  },
  {
    name: '@ai-sdk/azure .responses (deployment URLs)',
    dialect: 'azure',
    model: (u, apiKey) =>
      createAzure({
        apiKey,
        baseURL: u.azure,
        useDeploymentBasedUrls: true,
        apiVersion: '2025-04-01-preview',
      }).responses('o4-mini'),
    reasoning: { providerOptions: { openai: { reasoningEffort: 'low', reasoningSummary: 'auto' } } },
    seesMidstreamError: true,
  },
  {
    name: '@ai-sdk/amazon-bedrock (SigV4)',
    dialect: 'bedrock',
    model: (u, apiKey) =>
      createAmazonBedrock({
        region: 'eu-west-1',
        // `BAD…` access key ids are unrecognized clients (403).
        accessKeyId: apiKey.startsWith('bad') ? 'BADKEYID0000' : 'AKIAFAKEEXAMPLE0001',
        secretAccessKey: 'fake-secret',
        baseURL: u.bedrock,
      })('us.anthropic.claude-sonnet-4-5-20250929-v1:0'),
    reasoning: {
      providerOptions: { bedrock: { reasoningConfig: { type: 'enabled', budgetTokens: 1024 } } },
    },
    seesMidstreamError: true,
    authStatus: 403,
    disconnect: { apiCallError: false, message: /^terminated$/ },
  },
  {
    name: '@ai-sdk/google-vertex (service account via the fake /vertex/token)',
    dialect: 'vertex',
    model: (u, apiKey) =>
      createVertex({
        project: 'fake-project',
        location: 'us-central1',
        baseURL: vertexBaseURL(u.vertex.replace(/\/vertex$/, ''), 'fake-project', 'us-central1'),
        googleAuthOptions: googleAuthOptionsFor(vertexAccount()),
        // `headers` win over the token the provider fetched: how a bad token is simulated.
        ...(apiKey.startsWith('bad') ? { headers: { Authorization: 'Bearer bad-token' } } : {}),
      })('gemini-2.5-flash'),
    reasoning: { providerOptions: { google: { thinkingConfig: { includeThoughts: true } } } },
    seesMidstreamError: false,
  },
  {
    name: '@ai-sdk/google-vertex (Express mode API key)',
    dialect: 'vertex',
    model: (u, apiKey) => createVertex({ apiKey, baseURL: u.vertexExpress })('gemini-2.5-flash'),
    reasoning: { providerOptions: { google: { thinkingConfig: { includeThoughts: true } } } },
    seesMidstreamError: false,
    authStatus: 400,
  },
  {
    name: '@ai-sdk/openai-compatible (openrouter: reasoning + reasoning_details, usage.cost)',
    dialect: 'openrouter',
    model: (u, apiKey) =>
      createOpenAICompatible({ name: 'openrouter', apiKey, baseURL: u.openrouter }).chatModel(
        'openai/gpt-4o',
      ),
    reasoning: { directive: '[[fake:think]]' },
    seesMidstreamError: true,
  },
  {
    name: '@ai-sdk/openai-compatible (groq: delta.reasoning, x_groq)',
    dialect: 'groq',
    model: (u, apiKey) =>
      createOpenAICompatible({ name: 'groq', apiKey, baseURL: u.groq, includeUsage: true }).chatModel(
        'qwen/qwen3-32b',
      ),
    reasoning: { directive: '[[fake:think]]' },
    seesMidstreamError: true,
  },
  {
    name: '@ai-sdk/openai-compatible (mistral: thinking content arrays, usage always)',
    dialect: 'mistral',
    model: (u, apiKey) =>
      createOpenAICompatible({ name: 'mistral', apiKey, baseURL: u.mistral }).chatModel(
        'mistral-small-latest',
      ),
    reasoning: { directive: '[[fake:think]]' },
    seesMidstreamError: true,
  },
];

describe.each(CASES)('ai streamText · $name', (c) => {
  const run = async (
    prompt: string,
    opts: { apiKey?: string; providerOptions?: ProviderMetadata; tools?: boolean } = {},
  ) => {
    const reported: unknown[] = [];
    const out = await collect(
      streamText({
        model: c.model(ctx.fake.urls, opts.apiKey ?? 'sk-test-key'),
        prompt,
        maxRetries: 0,
        providerOptions: opts.providerOptions,
        // Errors are asserted from the stream's error parts; onError must report the same ones.
        onError: ({ error }) => {
          reported.push(error);
        },
        ...(opts.tools
          ? {
              tools: {
                get_weather: tool({
                  description: 'Weather for a city',
                  inputSchema: jsonSchema({ ...WEATHER_SCHEMA, required: [...WEATHER_SCHEMA.required] }),
                }),
              },
            }
          : {}),
      }),
    );
    expect(reported).toEqual(out.errors);
    return out;
  };

  // DeepSeek sends usage unasked; the others get it through include_usage.
  it('streams text with usage', async () => {
    const out = await run('Hello AI');
    expect(out.errors).toEqual([]);
    expect(out.text).toMatch(/^You said: "Hello AI"/);
    expect(out.finishReason).toBe('stop');
    expect(out.outputTokens).toBeGreaterThan(0);
    expect(ctx.fake.journal.last(c.dialect as never)?.request?.messages).toEqual([
      { role: 'user', parts: [{ type: 'text', text: 'Hello AI' }] },
    ]);
  });

  it(
    c.reasoning
      ? 'streams reasoning text before the answer'
      : 'streams no reasoning text (the dialect has none)',
    async () => {
      const out = await run(`Reason please ${c.reasoning?.directive ?? '[[fake:think]]'}`, {
        providerOptions: c.reasoning?.providerOptions,
      });
      expect(out.errors).toEqual([]);
      if (c.reasoning) expect(out.reasoning).toMatch(/^The user wrote "Reason please"/);
      else expect(out.reasoning).toBe('');
      expect(out.text).toMatch(/^You said: "Reason please"/);
    },
  );

  it('streams a tool call with parsed input', async () => {
    const out = await run('Weather in Paris? [[fake:tool-weather]]', { tools: true });
    expect(out.errors).toEqual([]);
    expect(out.toolCalls).toEqual([{ toolName: 'get_weather', input: { location: 'Paris' } }]);
    expect(out.finishReason).toBe('tool-calls');
  });

  it('runs a multi-step tool loop: steps=N rounds (parallel calls with +), then the answer', async () => {
    const out = await collect(
      streamText({
        model: c.model(ctx.fake.urls, 'sk-test-key'),
        prompt: 'Loop [[fake:steps=2 tools=get_weather+get_weather|get_weather]]',
        maxRetries: 0,
        stopWhen: stepCountIs(5),
        tools: {
          get_weather: tool({
            description: 'Weather for a city',
            inputSchema: jsonSchema<{ location: string }>({
              ...WEATHER_SCHEMA,
              required: [...WEATHER_SCHEMA.required],
            }),
            execute: async ({ location }) => `sunny in ${location}`,
          }),
        },
      }),
    );
    expect(out.errors).toEqual([]);
    // Round 1: two calls at once; round 2: one; then the answer quoting the results.
    expect(out.toolCalls.map((x) => x.toolName)).toEqual(['get_weather', 'get_weather', 'get_weather']);
    expect(out.text).toContain('sunny in Paris');
    expect(out.finishReason).toBe('stop');
  });

  it('reports 401 for a bad key', async () => {
    // Ollama ignores keys, so the directive stands in for a bad one there.
    const out =
      c.dialect === 'ollama' ? await run('hi [[fake:401]]') : await run('hi', { apiKey: 'bad-key' });
    expect(out.errors).toHaveLength(1);
    expect(APICallError.isInstance(out.errors[0])).toBe(true);
    expect(statusOf(out.errors[0])).toBe(c.authStatus ?? 401);
  });

  it('reports 429 and a 400 for context length', async () => {
    const rate = await run('hi [[fake:error-429]]');
    expect(statusOf(rate.errors[0])).toBe(429);
    const context = await run('hi [[fake:context-length]]');
    expect(statusOf(context.errors[0])).toBe(400);
  });

  it('reports a mid-stream error after partial text', async () => {
    const out = await run('hi [[fake:midstream-error at=2]]');
    expect(out.text).toBe('You said:');
    if (c.seesMidstreamError) expect(out.errors).toHaveLength(1);
    else expect(out.finishReason).not.toBe('stop');
  });

  it('reports a disconnect', async () => {
    const out = await run('hi [[fake:disconnect at=2]]');
    const expected = c.disconnect ?? {
      apiCallError: true,
      message: /^Failed to process successful response$/,
    };
    expect(APICallError.isInstance(out.thrown)).toBe(expected.apiCallError);
    expect((out.thrown as Error).message).toMatch(expected.message);
    expect(out.text).toBe('You said:');
  });
});
