import { createOpenAI } from '@ai-sdk/openai';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { streamText } from 'ai';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { type JournalEntry, startFakeProvider } from '../src/index.ts';
import { useFake } from './helpers.ts';

// Real time: this file is about delays, pacing and cancellation.
const ctx = useFake({});

const LONG = 'Go [[fake:tokens=2000 tps=50]]';

/** Emit times: for OpenAI chat, [0] is the start chunk (right after the headers), then content writes. */
const contentTimes = (e: JournalEntry) => e.emitTimes;

async function expectAbortSeen(dialect: string, abortedAt: number) {
  const entry = await ctx.fake.journal.waitFor((e) => e.dialect === dialect && e.aborted, 1000);
  expect(entry.endedAt! - abortedAt).toBeLessThan(100);
  const events = entry.events;
  await new Promise((r) => setTimeout(r, 60));
  expect(entry.events).toBe(events); // timers stopped: nothing written after the close
  ctx.fake.journal.clear();
}

describe('timing', () => {
  it('sends headers at once and the first token after ttft', async () => {
    const res = await fetch(`${ctx.fake.urls.openai}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-t', 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o',
        stream: true,
        messages: [{ role: 'user', content: 'hi [[fake:ttft=150]]' }],
      }),
    });
    const headersSeen = performance.now();
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let seen = '';
    while (!seen.includes('"content":"You"')) seen += (await reader.read()).value ?? '';
    // Client side: the headers came well before the first token.
    expect(performance.now() - headersSeen).toBeGreaterThanOrEqual(120);
    await reader.cancel();
    const entry = ctx.fake.journal.last('openai-chat')!;
    const [start, first] = contentTimes(entry);
    // The role chunk follows the headers at once; the bound only has to sit far below the TTFT.
    expect(start - entry.headersAt!).toBeLessThan(50);
    expect(first - entry.headersAt!).toBeGreaterThanOrEqual(145);
  });

  it('paces chunks against absolute deadlines without drift', async () => {
    const client = new OpenAI({ apiKey: 'sk-t', baseURL: ctx.fake.urls.openai, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'gpt-4o',
      stream: true,
      messages: [{ role: 'user', content: 'Pace [[fake:tokens=30 tps=100]]' }],
    });
    const arrivals: number[] = [];
    for await (const c of stream) if (c.choices[0]?.delta?.content) arrivals.push(performance.now());
    expect(arrivals.length).toBeGreaterThan(20);
    const times = contentTimes(ctx.fake.journal.last('openai-chat')!);
    // 30 chunks at 10 ms: the last is due 290 ms after the first, whatever each timer's lateness.
    const span = times[times.length - 2] - times[1];
    expect(span).toBeGreaterThanOrEqual(285);
    expect(span).toBeLessThan(360);
  });

  it('batches overdue chunks into one write at high rates', async () => {
    const res = await fetch(`${ctx.fake.urls.anthropic}/v1/messages`, {
      method: 'POST',
      headers: {
        'x-api-key': 'sk-ant',
        'anthropic-version': '2023-06-01',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        model: 'claude-opus-4-5',
        max_tokens: 4000,
        stream: true,
        messages: [{ role: 'user', content: 'Fast [[fake:tokens=400 tps=4000]]' }],
      }),
    });
    const body = await res.text();
    expect(body.match(/"text_delta"/g)).toHaveLength(400);
    const entry = ctx.fake.journal.last('anthropic')!;
    expect(entry.events).toBeLessThan(300);
    expect(entry.emitTimes.at(-1)! - entry.emitTimes[0]).toBeGreaterThanOrEqual(95);
  });

  it('stalls for the requested time, then carries on', async () => {
    const res = await fetch(`${ctx.fake.urls.gemini}/models/gemini-2.5-flash:streamGenerateContent?alt=sse`, {
      method: 'POST',
      headers: { 'x-goog-api-key': 'g', 'content-type': 'application/json' },
      body: JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: 'hi [[fake:stall ms=120 at=2]]' }] }],
      }),
    });
    expect(await res.text()).toContain('"finishReason":"STOP"');
    const times = ctx.fake.journal.last('gemini')!.emitTimes;
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    expect(Math.max(...gaps)).toBeGreaterThanOrEqual(115);
  });

  it('applies CLI-style default timing, and virtual time zeroes every delay', async () => {
    const slow = await startFakeProvider({ timing: { ttftMs: 120 } });
    const fast = await startFakeProvider({ virtualTime: true, timing: { ttftMs: 120 } });
    const generate = async (baseURL: string, text: string) => {
      const t0 = performance.now();
      const res = await createOpenAI({ apiKey: 'sk-t', baseURL })
        .chat('gpt-4o')
        .doGenerate({ prompt: [{ role: 'user', content: [{ type: 'text', text }] }] });
      expect(res.content[0]).toMatchObject({ type: 'text' });
      return performance.now() - t0;
    };
    try {
      expect(await generate(slow.urls.openai, 'hi')).toBeGreaterThanOrEqual(115);
      // `slow` alone would take ttft 400 ms + 200 chunks at 15/s (13 s); a loaded CI machine has
      // taken 111 ms for the zeroed request, so the bound only separates zero from real delays.
      expect(await generate(fast.urls.openai, 'hi [[fake:slow tokens=200]]')).toBeLessThan(1000);
    } finally {
      await slow.close();
      await fast.close();
    }
  });
});

describe('abort detection (client closes → journal `aborted` within 100 ms)', () => {
  it('openai SDK', async () => {
    const client = new OpenAI({ apiKey: 'sk-t', baseURL: ctx.fake.urls.openai, maxRetries: 0 });
    const stream = client.chat.completions.stream({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: LONG }],
    });
    await new Promise<void>((resolve) => stream.on('content', () => resolve()));
    // Ask for the outcome before aborting, so the SDK's rejection is observed, not left unhandled.
    const outcome = expect(stream.done()).rejects.toBeInstanceOf(OpenAI.APIUserAbortError);
    stream.abort();
    await expectAbortSeen('openai-chat', Date.now());
    await outcome;
  });

  it('openai SDK · responses', async () => {
    const client = new OpenAI({ apiKey: 'sk-t', baseURL: ctx.fake.urls.openai, maxRetries: 0 });
    const stream = client.responses.stream({ model: 'gpt-4o', input: LONG });
    await new Promise<void>((resolve) => stream.on('response.output_text.delta', () => resolve()));
    // Ask for the outcome before aborting, so the SDK's rejection is observed, not left unhandled.
    const outcome = expect(stream.done()).rejects.toBeInstanceOf(OpenAI.APIUserAbortError);
    stream.abort();
    await expectAbortSeen('openai-responses', Date.now());
    await outcome;
  });

  it('@anthropic-ai/sdk', async () => {
    const client = new Anthropic({ apiKey: 'sk-ant', baseURL: ctx.fake.urls.anthropic, maxRetries: 0 });
    const stream = client.messages.stream({
      model: 'claude-opus-4-5',
      max_tokens: 9000,
      messages: [{ role: 'user', content: LONG }],
    });
    await new Promise<void>((resolve) => stream.on('text', () => resolve()));
    // Ask for the outcome before aborting, so the SDK's rejection is observed, not left unhandled.
    const outcome = expect(stream.done()).rejects.toBeInstanceOf(Anthropic.APIUserAbortError);
    stream.abort();
    await expectAbortSeen('anthropic', Date.now());
    await outcome;
  });

  it('@google/genai', async () => {
    const controller = new AbortController();
    const client = new GoogleGenAI({ apiKey: 'g', httpOptions: { baseUrl: ctx.fake.urls.geminiGenai } });
    const stream = await client.models.generateContentStream({
      model: 'gemini-2.5-flash',
      contents: LONG,
      config: { abortSignal: controller.signal },
    });
    await stream.next();
    controller.abort();
    await expectAbortSeen('gemini', Date.now());
  });

  it('ai streamText with abortSignal', async () => {
    const controller = new AbortController();
    const result = streamText({
      model: createOpenAI({ apiKey: 'sk-t', baseURL: ctx.fake.urls.openai }).chat('gpt-4o'),
      prompt: LONG,
      maxRetries: 0,
      abortSignal: controller.signal,
    });
    for await (const part of result.fullStream) if (part.type === 'text-delta') break;
    controller.abort();
    await expectAbortSeen('openai-chat', Date.now());
  });
});
