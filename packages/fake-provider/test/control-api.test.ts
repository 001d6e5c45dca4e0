import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../src/index.ts';
import { useFake } from './helpers.ts';

const ctx = useFake();
const openai = (opts: Partial<ConstructorParameters<typeof OpenAI>[0]> = {}) =>
  new OpenAI({ apiKey: 'sk-test-openai', baseURL: ctx.fake.urls.openai, maxRetries: 0, ...opts });
const reply = async (
  content: string,
  opts: Partial<ConstructorParameters<typeof OpenAI>[0]> = {},
  model = 'gpt-4o',
) =>
  (await openai(opts).chat.completions.create({ model, messages: [{ role: 'user', content }] })).choices[0]
    .message.content ?? '';

describe('control API over HTTP', () => {
  it('enqueues a scenario, serves it once, and journals the request', async () => {
    const control = ctx.fake.urls.control;
    const posted = await fetch(`${control}/scenarios`, {
      method: 'POST',
      body: JSON.stringify({
        match: { provider: 'openai', match: { lastUserText: 'queued' } },
        script: 'think tokens=5',
      }),
    });
    expect(posted.status).toBe(200);
    expect(await reply('not this one')).toMatch(/^You said: "not this one"/);
    const queued = await reply('the queued one');
    expect(queued.split(/\s+/)).toHaveLength(5);
    expect(await reply('the queued one again')).toMatch(/^You said:/);

    const entries = (await (await fetch(`${control}/requests?dialect=openai-chat`)).json()) as JournalEntry[];
    const hit = entries.find((e) => e.scenario?.source === 'queue')!;
    expect(hit.scenario?.name).toMatch(/think tokens=5/);
    expect(hit.headers.authorization).toBe('Bearer sk-…enai');
    expect(hit.body).toMatchObject({ model: 'gpt-4o' });

    expect((await fetch(`${control}/requests`, { method: 'DELETE' })).status).toBe(200);
    expect(await (await fetch(`${control}/requests`)).json()).toEqual([]);
  });

  it('accepts regex matches and Script objects, and reset clears the queue', async () => {
    const control = ctx.fake.urls.control;
    await fetch(`${control}/scenarios`, {
      method: 'POST',
      body: JSON.stringify({
        match: { match: { lastUserText: { regex: '^exact$', flags: 'i' } }, times: 2 },
        script: { steps: [{ type: 'text', text: 'Scripted answer.' }] },
      }),
    });
    expect(await reply('EXACT')).toBe('Scripted answer.');
    await fetch(`${control}/reset`, { method: 'POST' });
    expect(await reply('EXACT')).toMatch(/^You said: "EXACT"/);
    const listed = (await (await fetch(`${control}/scenarios`)).json()) as {
      queued: unknown[];
      models: string[];
    };
    expect(listed.queued).toEqual([]);
    expect(listed.models).toContain('fake-think');
  });
});

describe('scenario selection order', () => {
  it('queue beats header beats directive beats model name beats default', async () => {
    ctx.fake.enqueue(
      { provider: 'openai-chat', model: 'fake-429' },
      { steps: [{ type: 'text', text: 'from the queue' }] },
    );
    const header = { defaultHeaders: { 'x-fake-scenario': 'tokens=3' } };
    expect(await reply('hi [[fake:tokens=7]]', header, 'fake-429')).toBe('from the queue');
    expect((await reply('hi [[fake:tokens=7]]', header, 'fake-429')).split(/\s+/)).toHaveLength(3);
    expect((await reply('hi [[fake:tokens=7]]', {}, 'fake-429')).split(/\s+/)).toHaveLength(7);
    await expect(reply('hi', {}, 'fake-429')).rejects.toBeInstanceOf(OpenAI.RateLimitError);
    expect(await reply('hi', {}, 'gpt-4o')).toMatch(/^You said: "hi"/);
    const sources = ctx.fake.journal
      .all()
      .slice(-5)
      .map((e) => e.scenario?.source);
    expect(sources).toEqual(['queue', 'header', 'directive', 'model', 'default']);
  });

  it('title requests ignore the directives they quote', async () => {
    const res = await openai().chat.completions.create({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'You name conversations. Reply with a concise title of at most 7 words.' },
        {
          role: 'user',
          content: 'User: Plan a trip to Lisbon [[fake:error-429]]\n\nAssistant: Sure.\n\nTitle:',
        },
      ],
    });
    expect(res.choices[0].message.content).toBe('Plan a trip to Lisbon');
    expect(ctx.fake.journal.last('openai')?.scenario).toEqual({ source: 'default', name: 'title' });
  });

  it('429-then-ok lets an SDK retry succeed and counts attempts', async () => {
    const text = await reply('retry me', { maxRetries: 1 }, 'fake-429-then-ok');
    expect(text).toMatch(/^You said: "retry me"/);
    const attempts = ctx.fake.journal
      .all()
      .filter((e) => e.request?.model === 'fake-429-then-ok')
      .map((e) => [e.attempt, e.status]);
    expect(attempts).toEqual([
      [1, 429],
      [2, 200],
    ]);
  });
});

describe('models endpoints', () => {
  it('lists OpenAI and compatible models including scenario models', async () => {
    const ids = [];
    for await (const m of openai().models.list()) ids.push(m.id);
    expect(ids).toEqual(
      expect.arrayContaining(['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'o3-mini', 'fake-echo', 'fake-slow']),
    );
    expect((await openai().models.retrieve('gpt-4.1')).owned_by).toBe('system');
    const ollama = await (await fetch(`${ctx.fake.urls.ollama}/models`)).json();
    expect(ollama.data[0]).toMatchObject({ id: 'llama3.2:latest', object: 'model', owned_by: 'library' });
  });

  it('lists Anthropic models', async () => {
    const client = new Anthropic({ apiKey: 'sk-ant', baseURL: ctx.fake.urls.anthropic, maxRetries: 0 });
    const page = await client.models.list();
    expect(page.data.map((m) => m.id)).toEqual(
      expect.arrayContaining(['claude-sonnet-4-5-20250929', 'fake-think']),
    );
  });

  it('lists Gemini models', async () => {
    const client = new GoogleGenAI({ apiKey: 'g', httpOptions: { baseUrl: ctx.fake.urls.geminiGenai } });
    const names: string[] = [];
    for await (const m of await client.models.list()) names.push(m.name ?? '');
    expect(names).toEqual(expect.arrayContaining(['models/gemini-2.5-flash', 'models/fake-long']));
  });

  it('answers 404 for an unknown model and an unknown route', async () => {
    await expect(openai().models.retrieve('nope')).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    expect((await fetch(`${ctx.fake.url}/nowhere`)).status).toBe(404);
  });
});

describe('auth emulation and journal', () => {
  it('refuses a missing key and a missing anthropic-version', async () => {
    const noKey = await fetch(`${ctx.fake.urls.openai}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(noKey.status).toBe(401);
    expect((await noKey.json()).error.code).toBe('invalid_api_key');
    const noVersion = await fetch(`${ctx.fake.urls.anthropic}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': 'sk-ant-key' },
      body: JSON.stringify({ model: 'claude-opus-4-5', max_tokens: 10, messages: [] }),
    });
    expect(noVersion.status).toBe(400);
    expect((await noVersion.json()).error).toEqual({
      type: 'invalid_request_error',
      message: 'anthropic-version: header is required',
    });
  });

  it('fingerprints secrets in headers and the query', async () => {
    await fetch(`${ctx.fake.urls.gemini}/models/gemini-2.5-flash:generateContent?key=AIzaSecretKey1234`, {
      method: 'POST',
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    const entry = ctx.fake.journal.last('gemini')!;
    expect(entry.query.key).toBe('AIz…1234');
    expect(JSON.stringify(entry.headers)).not.toContain('Secret');
  });

  it('keeps the whole multi-turn history in the normalized request', async () => {
    await openai().chat.completions.create({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'My name is Zed.' },
        { role: 'assistant', content: 'Hi Zed.' },
        { role: 'user', content: [{ type: 'text', text: 'What is my name?' }] },
      ],
    });
    const req = ctx.fake.journal.last('openai')!.request!;
    expect(req.system).toBe('sys');
    expect(req.messages.map((m) => [m.role, m.parts[0]])).toEqual([
      ['user', { type: 'text', text: 'My name is Zed.' }],
      ['assistant', { type: 'text', text: 'Hi Zed.' }],
      ['user', { type: 'text', text: 'What is my name?' }],
    ]);
  });

  it('waitFor resolves on a later entry and rejects on timeout', async () => {
    const waiting = ctx.fake.journal.waitFor((e) => e.request?.model === 'gpt-4.1', 2000);
    await reply('late', {}, 'gpt-4.1');
    expect((await waiting).status).toBe(200);
    await expect(ctx.fake.journal.waitFor(() => false, 20)).rejects.toThrow(/no matching entry within 20 ms/);
  });

  it('is deterministic for the same request and seed', async () => {
    const a = await openai().chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'same' }],
    });
    const b = await openai().chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'same' }],
    });
    expect(b.id).toBe(a.id);
    expect(b.choices[0].message.content).toBe(a.choices[0].message.content);
  });
});
