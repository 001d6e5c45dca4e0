import { ApiError, GoogleGenAI, Type } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { useFake } from './helpers.ts';

const ctx = useFake();
const client = (apiKey = 'google-test-key') =>
  new GoogleGenAI({ apiKey, httpOptions: { baseUrl: ctx.fake.urls.geminiGenai } });

async function streamAll(text: string, config: Record<string, unknown> = {}, apiKey?: string) {
  const stream = await client(apiKey).models.generateContentStream({
    model: 'gemini-2.5-flash',
    contents: [{ role: 'user', parts: [{ text }] }],
    config,
  });
  const out = {
    text: '',
    thoughts: '',
    calls: [] as { name?: string; args?: unknown }[],
    finish: '',
    candidatesTokens: 0,
  };
  for await (const chunk of stream) {
    for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
      if (part.thought) out.thoughts += part.text ?? '';
      else if (part.text) out.text += part.text;
      if (part.functionCall) out.calls.push(part.functionCall);
    }
    out.finish = chunk.candidates?.[0]?.finishReason ?? out.finish;
    out.candidatesTokens = chunk.usageMetadata?.candidatesTokenCount ?? 0;
  }
  return out;
}

describe('@google/genai · generateContentStream', () => {
  it('streams text with cumulative usage and STOP', async () => {
    const out = await streamAll('Hello Gemini', { systemInstruction: 'Be short.' });
    expect(out.text).toMatch(/^You said: "Hello Gemini"/);
    expect(out.finish).toBe('STOP');
    expect(out.candidatesTokens).toBe(Math.ceil(out.text.length / 4));
    const entry = ctx.fake.journal.last('gemini')!;
    expect(entry.request).toMatchObject({ model: 'gemini-2.5-flash', system: 'Be short.', stream: true });
    expect(entry.query.alt).toBe('sse');
  });

  it('answers generateContent (non-streaming)', async () => {
    const res = await client().models.generateContent({ model: 'gemini-2.5-pro', contents: 'Ping' });
    expect(res.text).toMatch(/^You said: "Ping"/);
  });

  it('streams thought parts when includeThoughts is on', async () => {
    const out = await streamAll('Ponder', { thinkingConfig: { includeThoughts: true, thinkingBudget: 512 } });
    expect(out.thoughts).toMatch(/^The user wrote "Ponder"/);
    expect(out.text).toMatch(/^You said: "Ponder"/);
  });

  it('sends a whole functionCall part with object args', async () => {
    const out = await streamAll('Weather? [[fake:tool-weather]]', {
      tools: [
        {
          functionDeclarations: [
            {
              name: 'get_weather',
              parameters: {
                type: Type.OBJECT,
                properties: { location: { type: Type.STRING } },
                required: ['location'],
              },
            },
          ],
        },
      ],
    });
    expect(out.calls).toEqual([{ name: 'get_weather', args: { location: 'Paris' } }]);
    expect(out.finish).toBe('STOP');
  });

  it('gemini 3 signs its first call and refuses that call back without its signature', async () => {
    const tools = [{ functionDeclarations: [{ name: 'get_weather', parameters: { type: Type.OBJECT } }] }];
    const first = await client().models.generateContent({
      model: 'gemini-3-pro-preview',
      contents: [{ role: 'user', parts: [{ text: 'Weather? [[fake:tool-weather]]' }] }],
      config: { tools },
    });
    const call = first.candidates![0].content!.parts!.find((p) => p.functionCall)!;
    expect(call.thoughtSignature).toEqual(expect.any(String));
    const again = (signature?: string) =>
      client().models.generateContent({
        model: 'gemini-3-pro-preview',
        contents: [
          { role: 'user', parts: [{ text: 'Weather? [[fake:tool-weather]]' }] },
          {
            role: 'model',
            parts: [
              { functionCall: call.functionCall, ...(signature ? { thoughtSignature: signature } : {}) },
            ],
          },
          { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { tempC: 21 } } }] },
        ],
        config: { tools },
      });
    const refused = await again().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(400);
    expect((refused as Error).message).toContain('missing a thought_signature');
    expect((await again(call.thoughtSignature)).text).toBeTruthy();
  });

  it('rejects a bad key with 400 API_KEY_INVALID', async () => {
    const err = await streamAll('hi', {}, 'bad-google').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as Error).message).toContain('API_KEY_INVALID');
  });

  it('maps 429 and context length', async () => {
    const rate = await streamAll('hi [[fake:429]]').catch((e: unknown) => e);
    expect((rate as ApiError).status).toBe(429);
    expect((rate as Error).message).toContain('RESOURCE_EXHAUSTED');
    const context = await streamAll('hi [[fake:context-length]]').catch((e: unknown) => e);
    expect((context as ApiError).status).toBe(400);
    expect((context as Error).message).toMatch(/input token count \(\d+\) exceeds/);
  });

  it('detects the bare-JSON mid-stream error', async () => {
    const err = await streamAll('hi [[fake:midstream-error]]').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(500);
    // The error went out alone, after a pause, so it arrived in its own network read.
    const times = ctx.fake.journal.last('gemini')!.emitTimes;
    expect(times.at(-1)! - times.at(-2)!).toBeGreaterThanOrEqual(20);
  });

  it('surfaces a disconnect', async () => {
    const err = await streamAll('hi [[fake:disconnect]]').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
  });
});
