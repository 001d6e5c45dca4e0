import { createAzure } from '@ai-sdk/azure';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { cosineSimilarity, type EmbeddingModel, embed, embedMany } from 'ai';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { fakeEmbedding } from '../src/index.ts';
import { useFake } from './helpers.ts';

const ctx = useFake();
const KEY = 'sk-test-embeddings';

const cases: { name: string; model(): EmbeddingModel; path: RegExp }[] = [
  {
    name: 'openai',
    model: () =>
      createOpenAI({ apiKey: KEY, baseURL: ctx.fake.urls.openai }).embedding('text-embedding-3-small'),
    path: /^\/openai\/v1\/embeddings$/,
  },
  {
    name: 'azure (deployment URL)',
    model: () =>
      createAzure({
        apiKey: KEY,
        baseURL: ctx.fake.urls.azure,
        useDeploymentBasedUrls: true,
        apiVersion: '2024-10-21',
      }).embedding('my-embeddings'),
    path: /^\/azure\/openai\/deployments\/my-embeddings\/embeddings$/,
  },
  {
    name: 'azure (v1)',
    model: () =>
      createAzure({ apiKey: KEY, baseURL: ctx.fake.urls.azureV1 }).embedding('text-embedding-3-large'),
    path: /^\/azure\/openai\/v1\/embeddings$/,
  },
  {
    name: 'openai-compatible',
    model: () =>
      createOpenAICompatible({
        name: 'custom',
        apiKey: KEY,
        baseURL: ctx.fake.urls.compatible,
      }).embeddingModel('nomic-embed-text'),
    path: /^\/compatible\/v1\/embeddings$/,
  },
];

describe('POST …/embeddings', () => {
  for (const c of cases) {
    it(`answers ${c.name} in OpenAI's shape, deterministically`, async () => {
      const texts = ['the cat sat on the mat', 'a cat sat on a mat', 'quarterly revenue grew'];
      const { embeddings } = await embedMany({ model: c.model(), values: texts });
      expect(embeddings).toHaveLength(3);
      const entry = ctx.fake.journal.last((e) => e.kind === 'embeddings');
      expect(entry?.path).toMatch(c.path);
      expect(entry?.status).toBe(200);
      // Similar texts are nearer than unrelated ones; the same text gives the same vector.
      expect(cosineSimilarity(embeddings[0], embeddings[1])).toBeGreaterThan(
        cosineSimilarity(embeddings[0], embeddings[2]),
      );
      const again = await embed({ model: c.model(), value: texts[0] });
      expect(again.embedding).toEqual(embeddings[0]);
    });
  }

  it('honours dimensions and the base64 encoding the openai SDK asks for', async () => {
    const client = new OpenAI({ apiKey: KEY, baseURL: ctx.fake.urls.openai });
    const res = await client.embeddings.create({
      model: 'text-embedding-3-small',
      input: ['hello world'],
      dimensions: 64,
    });
    expect(res.data[0].embedding).toHaveLength(64);
    const expected = fakeEmbedding('hello world', 64);
    for (const [i, x] of res.data[0].embedding.entries()) expect(x).toBeCloseTo(expected[i], 6);
    expect(ctx.fake.journal.last((e) => e.kind === 'embeddings')?.body).toMatchObject({
      encoding_format: 'base64',
    });
  });

  it('refuses a bad key with the dialect error', async () => {
    const model = createOpenAI({ apiKey: 'sk-invalid', baseURL: ctx.fake.urls.openai }).embedding(
      'text-embedding-3-small',
    );
    await expect(embed({ model, value: 'x' })).rejects.toMatchObject({ statusCode: 401 });
  });
});
