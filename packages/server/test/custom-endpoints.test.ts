import type { SseFrame } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, postChat, readFrames, signUp, startTestApp, type TestApp } from './helpers.ts';

const YAML = `version: 1.2.1
endpoints:
  custom:
    - name: Tuned
      apiKey: "\${TUNED_KEY}"
      baseURL: "{{FAKE}}/compatible/v1"
      headers: { X-Team: "\${TEAM_NAME}" }
      addParams: { seed: 7, safe_prompt: true }
      dropParams: [temperature]
      models: { default: [base-model], fetch: true }
    - name: ClaudeProxy
      provider: anthropic
      apiKey: proxy-key
      baseURL: "{{FAKE}}/anthropic"
      models: { default: [claude-proxy-1] }
    - name: DeepSeek
      apiKey: ds-key
      baseURL: "{{FAKE}}/deepseek/v1"
      models: { default: [deepseek-reasoner] }
    - name: OpenRouter
      apiKey: or-key
      baseURL: "{{FAKE}}/openrouter/api/v1"
      models: { default: [openai/gpt-4o] }
    - name: Groq
      apiKey: groq-key
      baseURL: "{{FAKE}}/groq/openai/v1"
      models: { default: [llama-3.3-70b] }
    - name: Mistral
      apiKey: mistral-key
      baseURL: "{{FAKE}}/mistral/v1"
      models: { default: [magistral-medium] }
    - name: Ollama
      apiKey: ollama
      baseURL: "{{FAKE}}/ollama/v1"
      models: { default: [qwen3] }
`;

const final = (frames: { data: SseFrame }[]) =>
  frames.find((f) => 'final' in f.data)?.data as Extract<SseFrame, { final: true }> | undefined;

describe('custom endpoints from librechat.yaml', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { yaml: YAML, env: { TUNED_KEY: 'tuned-secret', TEAM_NAME: 'blue' } });
  });
  afterAll(async () => t?.close());

  it('sends configured headers, adds and drops body params', async () => {
    const s = await signUp(t);
    const frames = await readFrames(
      await postChat(t, s, {
        text: 'hello',
        endpoint: 'Tuned',
        model: 'base-model',
        temperature: 0.3,
        top_p: 0.5,
      }),
    );
    expect(final(frames)).toBeTruthy();
    const entry = t.fake.journal.last('compatible')!;
    expect(entry.headers['x-team']).toBe('blue');
    const body = entry.body as Record<string, unknown>;
    expect(body.seed).toBe(7);
    expect(body.safe_prompt).toBe(true);
    expect(body).not.toHaveProperty('temperature');
    expect(body.top_p).toBe(0.5);
  });

  it('lists fetched models beside the defaults', async () => {
    const s = await signUp(t);
    const models = await (await fetch(`${t.base}/api/models`, { headers: authed(s) })).json();
    expect(models.Tuned[0]).toBe('base-model');
    expect(models.Tuned.length).toBeGreaterThan(1);
    const fetched = models.Tuned[1];
    const frames = await readFrames(await postChat(t, s, { text: 'hi', endpoint: 'Tuned', model: fetched }));
    expect(final(frames)?.responseMessage.model).toBe(fetched);
  });

  it('speaks Anthropic for provider: anthropic', async () => {
    const s = await signUp(t);
    const frames = await readFrames(
      await postChat(t, s, { text: 'hello', endpoint: 'ClaudeProxy', model: 'claude-proxy-1' }),
    );
    expect(final(frames)).toBeTruthy();
    const entry = t.fake.journal.last('anthropic')!;
    expect((entry.body as { model: string }).model).toBe('claude-proxy-1');
  });

  it('turns reasoning_content into think parts', async () => {
    const s = await signUp(t);
    const frames = await readFrames(
      await postChat(t, s, { text: 'why?', endpoint: 'DeepSeek', model: 'deepseek-reasoner' }),
    );
    const f = final(frames)!;
    expect(f.responseMessage.content?.[0]?.type).toBe('think');
    expect(frames.some((x) => 'event' in x.data && x.data.event === 'on_reasoning_delta')).toBe(true);
  });

  it.each([
    ['OpenRouter', 'openai/gpt-4o', 'openrouter'],
    ['Groq', 'llama-3.3-70b', 'groq'],
    ['Mistral', 'magistral-medium', 'mistral'],
    ['Ollama', 'qwen3', 'ollama'],
  ] as const)('streams %s replies with reasoning as think parts', async (endpoint, model, dialect) => {
    const s = await signUp(t);
    const frames = await readFrames(await postChat(t, s, { text: 'why? [[fake:think]]', endpoint, model }));
    const f = final(frames);
    expect(f, JSON.stringify(frames.find((x) => 'error' in x.data)?.data)).toBeTruthy();
    expect(f!.responseMessage.content?.some((p) => p.type === 'think')).toBe(true);
    expect(f!.responseMessage.text).toContain('why?');
    expect(t.fake.journal.last(dialect)).toBeTruthy();
  });
});
