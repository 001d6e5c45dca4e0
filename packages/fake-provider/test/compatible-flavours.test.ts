import OpenAI, { type APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { useFake } from './helpers.ts';

const ctx = useFake();
/** A wire chunk, probed freely by the assertions. */
// biome-ignore lint/suspicious/noExplicitAny: raw JSON from the wire
type Chunk = Record<string, any>;

/** The raw SSE of one request: comment lines and `data:` payloads (`[DONE]` as a string). */
async function rawStream(url: string, body: object, apiKey = 'sk-flavour-key') {
  const res = await fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ stream: true, ...body }),
  });
  const text = await res.text();
  const events = text.split('\n\n').filter(Boolean);
  return {
    status: res.status,
    comments: events.filter((e) => e.startsWith(':')),
    data: events
      .filter((e) => e.startsWith('data: '))
      .map((e) => e.slice(6))
      .map((d) => (d === '[DONE]' ? d : JSON.parse(d))) as (Chunk | string)[],
    text,
  };
}
const chunks = (data: (Chunk | string)[]) => data.filter((d): d is Chunk => d !== '[DONE]');
const msg = (content: string) => ({ messages: [{ role: 'user', content }] });

describe('openrouter flavour', () => {
  it('sends comment keep-alives, reasoning + reasoning_details, and usage with cost unasked', async () => {
    const raw = await rawStream(ctx.fake.urls.openrouter, {
      model: 'openai/gpt-4o',
      include_reasoning: true,
      ...msg('Hi'),
    });
    expect(raw.comments[0]).toBe(': OPENROUTER PROCESSING');
    const cs = chunks(raw.data);
    expect(cs[0].id).toMatch(/^gen-\d+-/);
    expect(cs[0].provider).toBe('FakeUpstream');
    const reasoning = cs.find((c) => c.choices[0]?.delta?.reasoning);
    expect(reasoning?.choices[0].delta.reasoning_details[0]).toMatchObject({
      type: 'reasoning.text',
      format: 'unknown',
    });
    const usage = cs.at(-1)!;
    expect(usage.choices).toEqual([]);
    expect(usage.usage.cost).toBeGreaterThan(0);
    expect(raw.data.at(-1)).toBe('[DONE]');
  });

  it('answers no credits with 402 and a numeric code (openai SDK)', async () => {
    const client = new OpenAI({ apiKey: 'sk-or', baseURL: ctx.fake.urls.openrouter, maxRetries: 0 });
    const err = (await client.chat.completions
      .create({ model: 'openai/gpt-4o', ...msg('hi [[fake:quota]]') } as never)
      .catch((e: unknown) => e)) as APIError;
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect(err.status).toBe(402);
    expect(err.code).toBe(402);
    expect(err.message).toContain('requires more credits');
  });

  it('reports a mid-stream error as a chunk with error and finish_reason "error"', async () => {
    const raw = await rawStream(ctx.fake.urls.openrouter, {
      model: 'm',
      ...msg('hi [[fake:midstream-error at=1]]'),
    });
    const last = chunks(raw.data).at(-1)!;
    expect(last.error).toEqual({ code: 'server_error', message: 'Internal Server Error' });
    expect(last.choices[0].finish_reason).toBe('error');
    expect(raw.data).not.toContain('[DONE]');
  });
});

describe('groq flavour', () => {
  it('puts x_groq.id on the first chunk and x_groq.usage on the final one; delta.reasoning', async () => {
    const raw = await rawStream(ctx.fake.urls.groq, {
      model: 'qwen/qwen3-32b',
      reasoning_format: 'parsed',
      ...msg('Hi'),
    });
    const cs = chunks(raw.data);
    expect(cs[0].x_groq).toEqual({ id: expect.stringMatching(/^req_/) });
    expect(cs.some((c) => c.choices[0]?.delta?.reasoning)).toBe(true);
    const final = cs.find((c) => c.choices[0]?.finish_reason === 'stop')!;
    expect(final.x_groq.id).toBe(cs[0].x_groq.id);
    expect(final.x_groq.usage).toMatchObject({
      prompt_tokens: expect.any(Number),
      completion_time: expect.any(Number),
    });
    expect(final.x_groq.usage.total_tokens).toBe(
      final.x_groq.usage.prompt_tokens + final.x_groq.usage.completion_tokens,
    );
    // No stream_options: no standard usage chunk.
    expect(cs.some((c) => c.choices.length === 0)).toBe(false);
  });

  it('rejects a bad key with invalid_api_key (openai SDK)', async () => {
    const client = new OpenAI({ apiKey: 'bad-groq', baseURL: ctx.fake.urls.groq, maxRetries: 0 });
    const err = (await client.chat.completions
      .create({ model: 'llama-3.3-70b-versatile', ...msg('hi') } as never)
      .catch((e: unknown) => e)) as APIError;
    expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(err.code).toBe('invalid_api_key');
  });
});

describe('mistral flavour', () => {
  it('streams thinking as a content array, role on every delta, usage on the final chunk unasked', async () => {
    const raw = await rawStream(ctx.fake.urls.mistral, {
      model: 'magistral-medium-latest',
      random_seed: 42,
      ...msg('Hi [[fake:think]]'),
    });
    const cs = chunks(raw.data);
    expect(cs.every((c) => c.choices[0].delta.role === 'assistant')).toBe(true);
    const thinking = cs.find((c) => Array.isArray(c.choices[0].delta.content))!;
    expect(thinking.choices[0].delta.content).toEqual([
      { type: 'thinking', thinking: [{ type: 'text', text: 'The' }] },
    ]);
    expect(
      cs.some(
        (c) => typeof c.choices[0].delta.content === 'string' && c.choices[0].delta.content.includes('said'),
      ),
    ).toBe(true);
    const final = cs.at(-1)!;
    expect(final.choices[0].finish_reason).toBe('stop');
    expect(final.usage.completion_tokens).toBeGreaterThan(0);
    expect(cs[0].id).toMatch(/^[0-9a-f]{32}$/);
    expect(ctx.fake.journal.last('mistral')?.request?.params.seed).toBe(42);
  });

  it('answers non-streaming reasoning with a content array and whole tool calls with 9-char ids', async () => {
    // Magistral models always reason.
    const res = await fetch(`${ctx.fake.urls.mistral}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer mistral-key' },
      body: JSON.stringify({ model: 'magistral-medium-latest', ...msg('Hi') }),
    });
    const body = (await res.json()) as { choices: { message: { content: { type: string }[] } }[] };
    expect(body.choices[0].message.content.map((c) => c.type)).toEqual(['thinking', 'text']);
    const tool = await rawStream(ctx.fake.urls.mistral, {
      model: 'mistral-large-latest',
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            parameters: { type: 'object', properties: { city: { type: 'string' } } },
          },
        },
      ],
      ...msg('Weather [[fake:tool]]'),
    });
    const calls = chunks(tool.data).flatMap((c) => c.choices[0].delta.tool_calls ?? []);
    expect(calls).toHaveLength(1);
    expect(calls[0].id).toMatch(/^[A-Za-z0-9]{9}$/);
    expect(JSON.parse(calls[0].function.arguments)).toEqual({ city: 'Paris' });
  });
});
