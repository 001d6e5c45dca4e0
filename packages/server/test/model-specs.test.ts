import type { SseFrame } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postChat, readFrames, signUp, startTestApp, type TestApp } from './helpers.ts';

const YAML = `interface: { endpointsMenu: false, presets: false }
modelSpecs:
  enforce: true
  prioritize: true
  list:
    - name: writer
      label: Careful Writer
      description: Slow and precise
      default: true
      preset: { endpoint: anthropic, model: claude-sonnet-4-5, temperature: 0.2, promptPrefix: "You write carefully." }
    - name: quick
      label: Quick
      preset: { endpoint: openAI, model: gpt-4o-mini }
`;

describe('model specs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { yaml: YAML });
  });
  afterAll(async () => t?.close());

  it('are listed in the startup config', async () => {
    const config = await (await fetch(`${t.base}/api/config`)).json();
    expect(config.modelSpecs.enforce).toBe(true);
    expect(config.modelSpecs.list.map((s: { name: string }) => s.name)).toEqual(['writer', 'quick']);
    expect(config.modelSpecs.list[0]).toMatchObject({ label: 'Careful Writer', default: true });
    expect(config.interface).toMatchObject({ modelSelect: true, endpointsMenu: false, presets: false });
  });

  it("runs a chat with the spec's preset, whatever the request says", async () => {
    const s = await signUp(t);
    const frames = await readFrames(
      await postChat(t, s, { text: 'hello', spec: 'writer', endpoint: 'openAI', model: 'gpt-4o' }),
    );
    const final = frames.find((f) => 'final' in f.data)?.data as Extract<SseFrame, { final: true }>;
    expect(final.responseMessage.model).toBe('claude-sonnet-4-5');
    const body = t.fake.journal.last('anthropic')!.body as { temperature: number; system: unknown };
    expect(body.temperature).toBe(0.2);
    expect(JSON.stringify(body.system)).toContain('You write carefully.');
  });

  it('refuses chats without a spec when specs are enforced', async () => {
    const s = await signUp(t);
    const res = await postChat(t, s, { text: 'hello' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.field).toBe('spec');
    expect((await postChat(t, s, { text: 'x', spec: 'nope' })).status).toBe(400);
  });
});
