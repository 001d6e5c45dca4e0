import { describe, expect, it } from 'vitest';
import { resolveKeys, resolveWebSearchConfig } from './config.ts';

describe('resolveWebSearchConfig', () => {
  it('reads LibreChat default variables when the yaml omits a key; unset ones are the user’s', () => {
    const c = resolveWebSearchConfig(undefined, { SERPER_API_KEY: 'srv', FIRECRAWL_API_KEY: 'fc' });
    expect(c).toMatchObject({
      searchProvider: 'serper',
      scraper: 'firecrawl',
      reranker: 'local',
      userFields: [],
    });
    expect(c.scraperTimeoutMs).toBe(7_500);
    expect(c.safeSearch).toBe(1);
    const none = resolveWebSearchConfig({}, {});
    expect(none).toMatchObject({
      searchProvider: 'serper',
      scraper: 'builtin',
      reranker: 'local',
      userFields: ['SERPER_API_KEY'],
    });
  });

  it("an interpolated unset variable ('') or user_provided asks the user; the yaml beats the env", () => {
    const c = resolveWebSearchConfig(
      {
        searchProvider: 'serper',
        scraperProvider: 'firecrawl',
        rerankerType: 'jina',
        serperApiKey: '',
        firecrawlApiKey: 'user_provided',
        jinaApiKey: 'j',
      },
      { SERPER_API_KEY: 'env-is-ignored-when-yaml-names-it' },
    );
    expect(c.userFields).toEqual(['SERPER_API_KEY', 'FIRECRAWL_API_KEY']);
    expect(c.server.JINA_API_KEY).toBe('j');
  });

  it('picks providers by the keys present when the yaml does not choose', () => {
    expect(
      resolveWebSearchConfig({}, { SEARXNG_INSTANCE_URL: 'http://sx', COHERE_API_KEY: 'c' }),
    ).toMatchObject({
      searchProvider: 'searxng',
      reranker: 'cohere',
      userFields: [],
    });
    expect(resolveWebSearchConfig({ rerankerType: 'none' }, { JINA_API_KEY: 'j' }).reranker).toBe('local');
    expect(resolveWebSearchConfig({ firecrawlVersion: 'v2' }, {}).firecrawlVersion).toBe('v2');
    // Serper's scraper takes Serper's key, asked once even when it also searches.
    expect(resolveWebSearchConfig({ scraperProvider: 'serper' }, {})).toMatchObject({
      scraper: 'serper',
      userFields: ['SERPER_API_KEY'],
    });
    expect(
      resolveWebSearchConfig(
        { searchProvider: 'searxng', searxngInstanceUrl: 'http://sx', scraperProvider: 'serper' },
        {},
      ).userFields,
    ).toEqual(['SERPER_API_KEY']);
  });

  it('uses a user value only for a field the server lacks and asks for', () => {
    const c = resolveWebSearchConfig({ scraperProvider: 'firecrawl', firecrawlApiKey: 'server-fc' }, {});
    const k = resolveKeys(c, {
      SERPER_API_KEY: 'mine',
      FIRECRAWL_API_KEY: 'mine-too',
      FIRECRAWL_API_URL: 'http://evil',
    });
    expect(k.values.SERPER_API_KEY).toBe('mine');
    expect(k.values.FIRECRAWL_API_KEY).toBe('server-fc');
    // A user URL would receive the server's Firecrawl key: never taken.
    expect(k.values.FIRECRAWL_API_URL).toBe('');
    expect([...k.fromUser]).toEqual(['SERPER_API_KEY']);
    expect(k.missing).toEqual([]);
    expect(resolveKeys(c, {}).missing).toEqual(['SERPER_API_KEY']);
  });
});
