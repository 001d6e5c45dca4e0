import OpenAI, { type APIError, AzureOpenAI } from 'openai';
import { describe, expect, it } from 'vitest';
import { useFake, WEATHER_SCHEMA } from './helpers.ts';

const ctx = useFake();
const API_VERSION = '2024-10-21';
/** The official client in deployment form: `{endpoint}/openai/deployments/{deployment}/…?api-version=`. */
const azure = (apiKey = 'azure-test-key', deployment = 'my-gpt-4o') =>
  new AzureOpenAI({
    endpoint: ctx.fake.urls.azureEndpoint,
    apiKey,
    apiVersion: API_VERSION,
    deployment,
    maxRetries: 0,
  });
/** No `deployment`: chat takes it from `model`; `/responses` is never deployment-scoped. */
const azureByModel = () =>
  new AzureOpenAI({
    baseURL: ctx.fake.urls.azure,
    apiKey: 'azure-test-key',
    apiVersion: '2025-04-01-preview',
    maxRetries: 0,
  });

const weatherTool = {
  type: 'function' as const,
  function: { name: 'get_weather', description: 'Weather for a city', parameters: WEATHER_SCHEMA },
};

async function rawChat(path: string, headers: Record<string, string>, content = 'Hi') {
  return fetch(`${ctx.fake.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ model: 'ignored', stream: true, messages: [{ role: 'user', content }] }),
  });
}

/** SSE `data:` payloads of a response, `[DONE]` included as a string. */
async function sseData(res: Response): Promise<unknown[]> {
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((e) => e.startsWith('data: '))
    .map((e) => e.slice(6))
    .map((d) => (d === '[DONE]' ? d : JSON.parse(d)));
}

describe('openai AzureOpenAI · deployment form', () => {
  it('streams chat through /openai/deployments/{dep}/chat/completions with api-key and api-version', async () => {
    const stream = azure().chat.completions.stream({
      model: 'gpt-4o',
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello Azure' },
      ],
    });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    stream.on('chunk', (c) => chunks.push(c));
    const final = await stream.finalChatCompletion();
    const text = final.choices[0].message.content ?? '';
    expect(text).toMatch(/^You said: "Hello Azure"/);
    expect(final.choices[0].finish_reason).toBe('stop');
    expect(final.usage?.completion_tokens).toBe(Math.ceil(text.length / 4));
    // Azure's first chunk: no choices, empty id, prompt filter results.
    const first = chunks[0] as OpenAI.ChatCompletionChunk & { prompt_filter_results?: unknown[] };
    expect(first.choices).toEqual([]);
    expect(first.id).toBe('');
    expect(first.prompt_filter_results?.[0]).toMatchObject({
      prompt_index: 0,
      content_filter_results: { hate: { filtered: false, severity: 'safe' } },
    });
    const content = chunks.find((c) => c.choices[0]?.delta?.content) as unknown as {
      choices: { content_filter_results: unknown }[];
    };
    expect(content.choices[0].content_filter_results).toMatchObject({ violence: { filtered: false } });

    const entry = ctx.fake.journal.last('azure')!;
    expect(entry.path).toBe('/azure/openai/deployments/my-gpt-4o/chat/completions');
    expect(entry.query['api-version']).toBe(API_VERSION);
    expect(entry.headers['api-key']).toBe('azu…-key');
    expect(entry.auth).toEqual({ scheme: 'api-key', key: 'azu…-key' });
    expect(entry.params).toEqual({ form: 'deployment', deployment: 'my-gpt-4o' });
    // The deployment, not the body's `model`, is the model.
    expect(entry.request).toMatchObject({
      provider: 'azure',
      dialect: 'azure',
      model: 'my-gpt-4o',
      system: 'Be brief.',
    });
  });

  it('puts the body model in the path when no deployment is configured', async () => {
    await azureByModel().chat.completions.create({
      model: 'other-deployment',
      messages: [{ role: 'user', content: 'Ping' }],
    });
    expect(ctx.fake.journal.last('azure')?.path).toBe(
      '/azure/openai/deployments/other-deployment/chat/completions',
    );
  });

  it('answers non-streaming chat with filter results', async () => {
    const res = await azure().chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Ping' }],
    });
    expect(res.choices[0].message.content).toMatch(/^You said: "Ping"/);
    expect((res as unknown as { prompt_filter_results: unknown[] }).prompt_filter_results).toHaveLength(1);
  });

  it('streams a tool call whose arguments parse', async () => {
    const final = await azure()
      .chat.completions.stream({
        model: 'gpt-4o',
        tools: [weatherTool],
        messages: [{ role: 'user', content: 'Weather? [[fake:tool-weather]]' }],
      })
      .finalChatCompletion();
    const call = final.choices[0].message.tool_calls?.[0];
    expect(final.choices[0].finish_reason).toBe('tool_calls');
    expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ location: 'Paris' });
  });

  it('finishes with content_filter and a filtered category', async () => {
    const chunks: unknown[] = [];
    const stream = azure().chat.completions.stream({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'hi [[fake:content-filter]]' }],
    });
    stream.on('chunk', (c) => chunks.push(c));
    const final = await stream.finalChatCompletion();
    expect(final.choices[0].finish_reason).toBe('content_filter');
    const last = chunks.at(-1) as {
      choices: { content_filter_results: { violence: { filtered: boolean } } }[];
    };
    expect(last.choices[0].content_filter_results.violence.filtered).toBe(true);
  });

  it('streams Responses through /openai/responses?api-version with the deployment as model', async () => {
    const final = await azureByModel()
      .responses.stream({
        model: 'my-o4-mini',
        input: 'Think [[fake:think]]',
        reasoning: { effort: 'low', summary: 'auto' },
      })
      .finalResponse();
    expect(final.output_text).toMatch(/^You said: "Think"/);
    const reasoning = final.output.find((o) => o.type === 'reasoning');
    expect(reasoning?.type === 'reasoning' && reasoning.summary[0]?.text).toMatch(/^The user wrote "Think"/);
    const entry = ctx.fake.journal.last('azure')!;
    expect(entry.path).toBe('/azure/openai/responses');
    expect(entry.query['api-version']).toBe('2025-04-01-preview');
    expect(entry.request?.model).toBe('my-o4-mini');
  });

  it('rejects a bad key with 401 and a string code', async () => {
    const err = (await azure('bad-azure-key')
      .chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e)) as APIError;
    expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(err.status).toBe(401);
    expect(err.code).toBe('401');
    expect(err.message).toContain('Access denied due to invalid subscription key');
  });

  it('maps 429 (string code, retry-after) and context length (OpenAI body)', async () => {
    const rate = (await azure()
      .chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi [[fake:429]]' }] })
      .catch((e: unknown) => e)) as APIError;
    expect(rate).toBeInstanceOf(OpenAI.RateLimitError);
    expect(rate.code).toBe('429');
    expect(rate.headers?.get('retry-after')).toBe('1');
    const context = (await azure()
      .chat.completions.create({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'hi [[fake:context-length]]' }],
      })
      .catch((e: unknown) => e)) as APIError;
    expect(context).toBeInstanceOf(OpenAI.BadRequestError);
    expect(context.code).toBe('context_length_exceeded');
  });

  it('throws the mid-stream error chunk', async () => {
    const stream = await azure().chat.completions.create({
      model: 'gpt-4o',
      stream: true,
      messages: [{ role: 'user', content: 'hi [[fake:midstream-error at=2]]' }],
    });
    let text = '';
    const err = await (async () => {
      for await (const c of stream) text += c.choices[0]?.delta?.content ?? '';
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect(text).toBe('You said:');
  });
});

describe('Azure wire rules', () => {
  it('answers a deployment URL without api-version with 404 Resource not found', async () => {
    const res = await rawChat('/azure/openai/deployments/dep/chat/completions', { 'api-key': 'k-123456789' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: '404', message: 'Resource not found' } });
  });

  it('answers a missing key with 401 before anything else', async () => {
    const res = await rawChat('/azure/openai/deployments/dep/chat/completions', {});
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: '401',
      message: expect.stringContaining('missing subscription key'),
    });
  });

  it('serves the v1 API without api-version, key as api-key or Bearer (openai client)', async () => {
    const v1 = new OpenAI({ apiKey: 'azure-bearer-key', baseURL: ctx.fake.urls.azureV1, maxRetries: 0 });
    const res = await v1.chat.completions.create({
      model: 'my-deployment',
      messages: [{ role: 'user', content: 'v1' }],
    });
    expect(res.choices[0].message.content).toMatch(/^You said: "v1"/);
    const entry = ctx.fake.journal.last('azure')!;
    expect(entry.path).toBe('/azure/openai/v1/chat/completions');
    expect(entry.auth?.scheme).toBe('bearer');
    expect(entry.request?.model).toBe('my-deployment');
    const raw = await sseData(
      await rawChat('/azure/openai/v1/chat/completions', { 'api-key': 'k-123456789' }),
    );
    expect(raw.at(-1)).toBe('[DONE]');
    expect((raw[0] as { prompt_filter_results: unknown[] }).prompt_filter_results).toHaveLength(1);
  });

  it('lists models on /openai/v1/models', async () => {
    const res = await fetch(`${ctx.fake.urls.azureV1}/models`, { headers: { 'api-key': 'k-123456789' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { id: string }[] };
    expect(body.data.map((m) => m.id)).toContain('gpt-4o');
  });
});
