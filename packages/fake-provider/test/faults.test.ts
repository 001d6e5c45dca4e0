import Anthropic from '@anthropic-ai/sdk';
import OpenAI, { type APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { useFake } from './helpers.ts';

const ctx = useFake();
const openai = () => new OpenAI({ apiKey: 'sk-test', baseURL: ctx.fake.urls.openai, maxRetries: 0 });

const post = (
  url: string,
  body: unknown,
  headers: Record<string, string> = { authorization: 'Bearer sk-test' },
) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const chatBody = (content: string, extra: object = {}) => ({
  model: 'gpt-4o',
  stream: true,
  messages: [{ role: 'user', content }],
  ...extra,
});

describe('transport faults', () => {
  it('html-502 looks like a proxy error to the SDK', async () => {
    const err = await openai()
      .chat.completions.create(chatBody('hi [[fake:html-502]]') as never)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.InternalServerError);
    expect((err as APIError).status).toBe(502);
  });

  it('malformed sends broken JSON that the SDK cannot parse', async () => {
    const stream = await openai().chat.completions.create({
      model: 'gpt-4o',
      stream: true,
      messages: [{ role: 'user', content: 'hi [[fake:malformed at=1]]' }],
    });
    const err = await (async () => {
      for await (const _ of stream);
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SyntaxError);
  });

  it('truncate cuts the next event in half; no-terminator drops [DONE]', async () => {
    const truncated = await (
      await post(`${ctx.fake.urls.openai}/chat/completions`, chatBody('hi [[fake:truncate at=1]]'))
    ).text();
    expect(truncated.endsWith('\n\n')).toBe(false);
    const open = await (
      await post(`${ctx.fake.urls.openai}/chat/completions`, chatBody('hi [[fake:no-terminator at=2]]'))
    ).text();
    expect(open).toContain('data: {');
    expect(open).not.toContain('[DONE]');
  });
});

describe('finish reasons and flavours', () => {
  it('length finishes with length / response.incomplete / max_tokens', async () => {
    const chat = await openai().chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'hi [[fake:length]]' }],
    });
    expect(chat.choices[0].finish_reason).toBe('length');
    const resp = await openai()
      .responses.stream({ model: 'gpt-4o', input: 'hi [[fake:length]]' })
      .finalResponse();
    expect(resp.status).toBe('incomplete');
    expect(resp.incomplete_details?.reason).toBe('max_output_tokens');
    const anthropic = new Anthropic({ apiKey: 'sk-ant', baseURL: ctx.fake.urls.anthropic, maxRetries: 0 });
    const msg = await anthropic.messages
      .stream({
        model: 'claude-opus-4-5',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'hi [[fake:length]]' }],
      })
      .finalMessage();
    expect(msg.stop_reason).toBe('max_tokens');
  });

  it('ollama repeats role, sends tool calls whole and uses delta.reasoning', async () => {
    const body = await (
      await post(
        `${ctx.fake.urls.ollama}/chat/completions`,
        chatBody('w? [[fake:think tool-weather]]', { model: 'qwen3' }),
        {},
      )
    ).text();
    const chunks = body
      .split('\n\n')
      .filter((l) => l.startsWith('data: {'))
      .map((l) => JSON.parse(l.slice(6)));
    expect(chunks.every((c) => c.system_fingerprint === 'fp_ollama')).toBe(true);
    const deltas = chunks.map((c) => c.choices[0]?.delta).filter((d) => d && Object.keys(d).length);
    expect(deltas.every((d) => d.role === 'assistant')).toBe(true);
    expect(deltas.some((d) => typeof d.reasoning === 'string')).toBe(true);
    const calls = deltas.filter((d) => d.tool_calls);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0].tool_calls[0].function.arguments)).toEqual({ location: 'Paris' });
    expect(body.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('deepseek-reasoner reasons unasked, in reasoning_content with content null, and sends usage unasked', async () => {
    const body = await (
      await post(`${ctx.fake.urls.deepseek}/chat/completions`, chatBody('hi', { model: 'deepseek-reasoner' }))
    ).text();
    const chunks = body
      .split('\n\n')
      .filter((l) => l.startsWith('data: {'))
      .map((l) => JSON.parse(l.slice(6)));
    const reasoning = chunks.find((c) => c.choices[0]?.delta?.reasoning_content);
    expect(reasoning.choices[0].delta.content).toBeNull();
    const last = chunks.at(-1);
    expect(last.choices[0].finish_reason).toBe('stop');
    expect(last.usage).toMatchObject({
      prompt_cache_hit_tokens: 0,
      completion_tokens_details: { reasoning_tokens: expect.any(Number) },
    });
  });

  it('Gemini without alt=sse streams one JSON array', async () => {
    const res = await post(
      `${ctx.fake.urls.gemini}/models/gemini-2.5-flash:streamGenerateContent`,
      { contents: [{ role: 'user', parts: [{ text: 'array please' }] }] },
      { 'x-goog-api-key': 'g' },
    );
    const chunks = (await res.json()) as { candidates: { content: { parts: { text: string }[] } }[] }[];
    const text = chunks.map((c) => c.candidates[0].content.parts[0].text).join('');
    expect(text).toMatch(/^You said: "array please"/);
  });

  it('answers the tool loop after results come back (OpenAI chat)', async () => {
    const res = await openai().chat.completions.create({
      model: 'gpt-4o',
      messages: [
        { role: 'user', content: 'Weather? [[fake:tool-weather]]' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"location":"Paris"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'sunny, 21C' },
      ],
    });
    expect(res.choices[0].finish_reason).toBe('stop');
    expect(res.choices[0].message.content).toContain('`get_weather` returned: sunny, 21C');
  });
});
