import type { SseFrame } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, postChat, readFrames, signUp, startTestApp, type TestApp } from './helpers.ts';

const YAML = `version: 1.2.1
endpoints:
  azureOpenAI:
    titleConvo: false
    groups:
      - group: east
        apiKey: "\${AZURE_EAST_KEY}"
        baseURL: "{{FAKE}}/azure/openai"
        version: "2024-10-21"
        models:
          gpt-4o: { deploymentName: prod-4o }
      - group: west
        apiKey: west-key
        baseURL: "{{FAKE}}/azure/openai/v1"
        deploymentName: mini-deployment
        models:
          gpt-4o-mini: true
`;

const final = (frames: { data: SseFrame }[]) =>
  frames.find((f) => 'final' in f.data)?.data as Extract<SseFrame, { final: true }> | undefined;

describe('Azure OpenAI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { yaml: YAML, env: { AZURE_EAST_KEY: 'east-secret-1234' } });
  });
  afterAll(async () => t?.close());

  it('offers the configured models', async () => {
    const s = await signUp(t);
    const models = await (await fetch(`${t.base}/api/models`, { headers: authed(s) })).json();
    expect(models.azureOpenAI).toEqual(['gpt-4o', 'gpt-4o-mini']);
  });

  it('calls the deployment-based URL with api-key and api-version', async () => {
    const s = await signUp(t);
    const frames = await readFrames(
      await postChat(t, s, { text: 'hello azure', endpoint: 'azureOpenAI', model: 'gpt-4o' }),
    );
    expect(final(frames)?.responseMessage.text).toContain('hello azure');
    const entry = t.fake.journal.last('azure')!;
    expect(entry.path).toBe('/azure/openai/deployments/prod-4o/chat/completions');
    expect(entry.query['api-version']).toBe('2024-10-21');
    expect(entry.headers['api-key']).toMatch(/1234$/);
  });

  it('calls the v1 URL form with the deployment as the model', async () => {
    const s = await signUp(t);
    const frames = await readFrames(
      await postChat(t, s, { text: 'hi', endpoint: 'azureOpenAI', model: 'gpt-4o-mini' }),
    );
    expect(final(frames)).toBeTruthy();
    const entry = t.fake.journal.last('azure')!;
    expect(entry.path).toBe('/azure/openai/v1/chat/completions');
    expect((entry.body as { model: string }).model).toBe('mini-deployment');
  });

  it('maps Azure errors (string codes) to the spec types', async () => {
    const s = await signUp(t);
    const frames = await readFrames(
      await postChat(t, s, { text: 'x [[fake:error-429]]', endpoint: 'azureOpenAI', model: 'gpt-4o' }),
    );
    const e = frames.find((f) => 'error' in f.data)?.data as Extract<SseFrame, { error: true }>;
    expect(JSON.parse(e.message).type).toBe('rate_limit');
  });

  it('uses a user-provided Azure bundle (apiKey n/a, the four fields in the value)', async () => {
    const u = await startTestApp('sqlite', {
      env: {
        AZURE_API_KEY: 'user_provided',
        AZURE_OPENAI_MODELS: 'gpt-4o',
        AZURE_OPENAI_BASEURL: '{{FAKE}}/azure/openai',
      },
    });
    try {
      const s = await signUp(u);
      const value = JSON.stringify({
        apiKey: 'n/a',
        azureOpenAIApiKey: 'user-azure-key-5678',
        azureOpenAIApiInstanceName: 'my-instance',
        azureOpenAIApiDeploymentName: 'my-deployment',
        azureOpenAIApiVersion: '2024-10-21',
      });
      const put = await fetch(`${u.base}/api/keys`, {
        method: 'PUT',
        headers: authed(s),
        body: JSON.stringify({ name: 'azureOpenAI', value, expiresAt: null }),
      });
      expect(put.status).toBe(204);
      const frames = await readFrames(
        await postChat(u, s, { text: 'mine', endpoint: 'azureOpenAI', model: 'gpt-4o' }),
      );
      expect(final(frames)).toBeTruthy();
      const entry = u.fake.journal.last('azure')!;
      expect(entry.path).toBe('/azure/openai/deployments/my-deployment/chat/completions');
      expect(entry.headers['api-key']).toMatch(/5678$/);
    } finally {
      await u.close();
    }
  });
});
