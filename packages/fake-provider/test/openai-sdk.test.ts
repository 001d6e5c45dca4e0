import OpenAI, { type APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { useFake, WEATHER_SCHEMA } from './helpers.ts';

const ctx = useFake();
const client = (apiKey = 'sk-test-openai') =>
  new OpenAI({ apiKey, baseURL: ctx.fake.urls.openai, maxRetries: 0 });
const weatherTool = {
  type: 'function' as const,
  function: { name: 'get_weather', description: 'Weather for a city', parameters: WEATHER_SCHEMA },
};

async function chatText(prompt: string, apiKey?: string) {
  const stream = await client(apiKey).chat.completions.create({
    model: 'gpt-4o',
    stream: true,
    stream_options: { include_usage: true },
    messages: [{ role: 'user', content: prompt }],
  });
  let text = '';
  for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
  return text;
}

describe('openai SDK · chat completions', () => {
  it('streams the default echo reply with a usage chunk', async () => {
    const stream = client().chat.completions.stream({
      model: 'gpt-4o',
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello there' },
      ],
    });
    const final = await stream.finalChatCompletion();
    const text = final.choices[0].message.content ?? '';
    expect(text).toMatch(/^You said: "Hello there"/);
    expect(text.split(/\s+/).length).toBeLessThan(60);
    expect(final.choices[0].finish_reason).toBe('stop');
    expect(final.usage?.completion_tokens).toBe(Math.ceil(text.length / 4));
    const entry = ctx.fake.journal.last('openai-chat')!;
    expect(entry.request?.system).toBe('Be brief.');
    expect(entry.headers.authorization).toBe('Bearer sk-…enai');
  });

  it('answers non-streaming requests', async () => {
    const res = await client().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Ping' }],
    });
    expect(res.choices[0].message.content).toMatch(/^You said: "Ping"/);
    expect(res.object).toBe('chat.completion');
  });

  it('streams a tool call whose arguments parse', async () => {
    const final = await client()
      .chat.completions.stream({
        model: 'gpt-4o',
        tools: [weatherTool],
        messages: [{ role: 'user', content: 'Weather? [[fake:tool-weather]]' }],
      })
      .finalChatCompletion();
    const call = final.choices[0].message.tool_calls?.[0];
    expect(final.choices[0].finish_reason).toBe('tool_calls');
    expect(call?.type === 'function' && call.function.name).toBe('get_weather');
    expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ location: 'Paris' });
  });

  it('reports reasoning only as reasoning_tokens', async () => {
    const final = await client()
      .chat.completions.stream({
        model: 'o3-mini',
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: 'Think [[fake:think]]' }],
      })
      .finalChatCompletion();
    expect(final.choices[0].message.content).toMatch(/^You said: "Think"/);
    expect(final.usage?.completion_tokens_details?.reasoning_tokens).toBeGreaterThan(0);
  });

  it('rejects a bad key with 401 invalid_api_key', async () => {
    const err = await chatText('hi', 'bad-key-123').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((err as InstanceType<typeof OpenAI.AuthenticationError>).code).toBe('invalid_api_key');
  });

  it('maps rate limit, quota and context length to typed errors', async () => {
    const rate = await chatText('hi [[fake:error-429]]').catch((e: unknown) => e);
    expect(rate).toBeInstanceOf(OpenAI.RateLimitError);
    expect((rate as APIError).headers?.get('retry-after')).toBe('1');
    const quota = await chatText('hi [[fake:quota]]').catch((e: unknown) => e);
    expect(quota).toBeInstanceOf(OpenAI.RateLimitError);
    expect((quota as APIError).code).toBe('insufficient_quota');
    const context = await chatText('hi [[fake:context-length]]').catch((e: unknown) => e);
    expect(context).toBeInstanceOf(OpenAI.BadRequestError);
    expect((context as APIError).code).toBe('context_length_exceeded');
  });

  it('throws a mid-stream error after the first chunks, without [DONE]', async () => {
    const stream = await client().chat.completions.create({
      model: 'gpt-4o',
      stream: true,
      messages: [{ role: 'user', content: 'hi [[fake:midstream-error at=2]]' }],
    });
    let text = '';
    const err = await (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect((err as Error).message).toMatch(/server had an error/);
    expect(text).toBe('You said:');
  });

  it('surfaces a disconnect as an error after partial text', async () => {
    const err = await chatText('hi [[fake:disconnect at=2]]').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(ctx.fake.journal.last('openai-chat')).toMatchObject({
      done: true,
      aborted: false,
      error: 'fault: disconnect',
    });
  });
});

describe('openai SDK · responses', () => {
  it('streams text to a final response', async () => {
    const stream = client().responses.stream({
      model: 'gpt-4o',
      input: 'Hello responses',
      instructions: 'Be kind.',
    });
    const final = await stream.finalResponse();
    expect(final.output_text).toMatch(/^You said: "Hello responses"/);
    expect(final.status).toBe('completed');
    expect(final.usage?.output_tokens).toBe(Math.ceil(final.output_text.length / 4));
    expect(ctx.fake.journal.last('openai-responses')?.request?.system).toBe('Be kind.');
  });

  it('streams reasoning summaries before the message', async () => {
    const stream = client().responses.stream({
      model: 'o3-mini',
      input: 'Why? [[fake:think]]',
      reasoning: { effort: 'low', summary: 'auto' },
    });
    let summary = '';
    stream.on('response.reasoning_summary_text.delta', (e) => {
      summary += e.delta;
    });
    const final = await stream.finalResponse();
    expect(summary).toMatch(/^The user wrote "Why\?"/);
    expect(final.output[0].type).toBe('reasoning');
    expect(final.output[1].type).toBe('message');
    expect(final.usage?.output_tokens_details.reasoning_tokens).toBeGreaterThan(0);
  });

  it('streams a function call item with parsed arguments', async () => {
    const final = await client()
      .responses.stream({
        model: 'gpt-4o',
        input: [{ role: 'user', content: 'Weather in Paris? [[fake:tool-weather]]' }],
        tools: [{ type: 'function', name: 'get_weather', parameters: WEATHER_SCHEMA, strict: true }],
      })
      .finalResponse();
    const call = final.output.find((o) => o.type === 'function_call');
    expect(call?.type === 'function_call' && call.name).toBe('get_weather');
    expect(call?.type === 'function_call' && JSON.parse(call.arguments)).toEqual({ location: 'Paris' });
  });

  it('uses the chat error envelope for HTTP errors', async () => {
    const make = (input: string, apiKey?: string) =>
      client(apiKey)
        .responses.create({ model: 'gpt-4o', input, stream: true })
        .catch((e: unknown) => e);
    expect(await make('hi', 'sk-invalid')).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(await make('hi [[fake:429]]')).toBeInstanceOf(OpenAI.RateLimitError);
    const context = await make('hi [[fake:error-context]]');
    expect(context).toBeInstanceOf(OpenAI.BadRequestError);
    expect((context as APIError).code).toBe('context_length_exceeded');
  });

  it('sends event: error then response.failed mid-stream', async () => {
    const stream = await client().responses.create({
      model: 'gpt-4o',
      input: 'hi [[fake:midstream-quota]]',
      stream: true,
    });
    const types: string[] = [];
    const err = await (async () => {
      for await (const event of stream) types.push(event.type);
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect((err as APIError).code).toBe('insufficient_quota');
    expect(types).toContain('response.output_text.delta');
    const raw = ctx.fake.journal.last('openai-responses')!;
    expect(raw.scenario?.source).toBe('directive');
  });

  it('surfaces a disconnect', async () => {
    const err = await client()
      .responses.stream({ model: 'gpt-4o', input: 'hi [[fake:disconnect]]' })
      .finalResponse()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
  });
});
