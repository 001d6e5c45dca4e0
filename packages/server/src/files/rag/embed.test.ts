import { startFakeProvider } from '@parley/fake-provider';
import { describe, expect, it } from 'vitest';
import { YamlConfig } from '../../config/yaml.ts';
import type { EndpointDef } from '../../providers/catalog.ts';
import { embedder, embeddingsTarget } from './embed.ts';

const def = (over: Partial<EndpointDef>): EndpointDef => ({
  name: 'openAI',
  family: 'openai',
  apiKey: 'sk-server',
  userProvide: false,
  userProvideURL: false,
  models: [],
  titleConvo: false,
  ...over,
});

describe('embeddingsTarget', () => {
  it('is off without configuration (file search then runs on full text)', () => {
    expect(embeddingsTarget({ env: { OPENAI_API_KEY: 'sk-chat' }, catalog: [] })).toBeNull();
  });

  it("reads LibreChat's RAG API env names", () => {
    expect(
      embeddingsTarget({
        env: {
          EMBEDDINGS_PROVIDER: 'openai',
          OPENAI_API_KEY: 'sk-chat',
          EMBEDDINGS_MODEL: 'text-embedding-3-large',
        },
        catalog: [],
      }),
    ).toEqual({ kind: 'openai', model: 'text-embedding-3-large', apiKey: 'sk-chat', baseURL: undefined });
    expect(
      embeddingsTarget({
        env: { RAG_OPENAI_API_KEY: 'sk-rag', RAG_OPENAI_BASEURL: 'http://local:1/v1' },
        catalog: [],
      }),
    ).toMatchObject({
      kind: 'compatible',
      model: 'text-embedding-3-small',
      apiKey: 'sk-rag',
      baseURL: 'http://local:1/v1',
    });
    expect(
      embeddingsTarget({
        env: {
          EMBEDDINGS_PROVIDER: 'azure',
          RAG_AZURE_OPENAI_API_KEY: 'az',
          RAG_AZURE_OPENAI_ENDPOINT: 'https://x.openai.azure.com/',
          EMBEDDINGS_MODEL: 'emb-deploy',
        },
        catalog: [],
      }),
    ).toMatchObject({
      kind: 'azure',
      model: 'emb-deploy',
      baseURL: 'https://x.openai.azure.com/openai',
      apiVersion: '2024-10-21',
    });
    expect(() => embeddingsTarget({ env: { EMBEDDINGS_PROVIDER: 'ollama' }, catalog: [] })).toThrow(
      /not supported/,
    );
  });

  it('takes librechat.yaml fileConfig.embeddings over env: an endpoint by name, model, dimensions', () => {
    const yaml = YamlConfig.parse({
      fileConfig: { embeddings: { endpoint: 'Local', model: 'nomic-embed-text', dimensions: 256 } },
    }).fileConfig?.embeddings;
    const catalog = [
      def({ name: 'Local', family: 'custom', baseURL: 'http://local/v1', apiKey: 'k', headers: { a: 'b' } }),
    ];
    expect(
      embeddingsTarget({ env: { EMBEDDINGS_PROVIDER: 'openai', OPENAI_API_KEY: 'x' }, yaml, catalog }),
    ).toEqual({
      kind: 'compatible',
      model: 'nomic-embed-text',
      dimensions: 256,
      apiKey: 'k',
      baseURL: 'http://local/v1',
      headers: { a: 'b' },
    });
    expect(() => embeddingsTarget({ env: {}, yaml: { endpoint: 'nope', model: 'm' }, catalog })).toThrow(
      /no endpoint/,
    );
    expect(() =>
      embeddingsTarget({
        env: {},
        yaml: { endpoint: 'anthropic', model: 'm' },
        catalog: [def({ name: 'anthropic', family: 'anthropic' })],
      }),
    ).toThrow(/no OpenAI-style/);
  });
});

describe('embedder', () => {
  it('embeds through /embeddings with the asked dimensions, and names model@dims', async () => {
    const fake = await startFakeProvider();
    try {
      const e = embedder({
        kind: 'compatible',
        model: 'nomic-embed-text',
        dimensions: 32,
        apiKey: 'k',
        baseURL: fake.urls.compatible,
      });
      expect(e.id).toBe('nomic-embed-text@32');
      const out = await e.embed(['one', 'two']);
      expect(out.map((v) => v.length)).toEqual([32, 32]);
      expect(fake.journal.last((x) => x.kind === 'embeddings')?.body).toMatchObject({
        dimensions: 32,
        input: ['one', 'two'],
      });
    } finally {
      await fake.close();
    }
  });
});
