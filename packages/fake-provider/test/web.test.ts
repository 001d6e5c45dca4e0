import { describe, expect, it } from 'vitest';
import { PRIVATE_RESULT_URL, pageFact, slugFor } from '../src/web/content.ts';
import { useFake } from './helpers.ts';

const json = (url: string, init: RequestInit & { body?: string } = {}) =>
  fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });

describe('fake web-search services', () => {
  const h = useFake();

  it('Serper: organic results for the query, linking to pages the fake serves', async () => {
    const res = await json(`${h.fake.urls.serper}/search`, {
      method: 'POST',
      headers: { 'X-API-KEY': 'serper-key' },
      body: JSON.stringify({ q: 'Vector search', num: 3, gl: 'us', hl: 'en', safe: 'active' }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.searchParameters).toMatchObject({ q: 'Vector search', num: 3, type: 'search' });
    expect(body.organic).toHaveLength(3);
    expect(body.organic[0]).toEqual({
      title: 'Vector Search — guide 1',
      link: `${h.fake.url}/web/pages/vector-search--1`,
      snippet: 'Snippet 1: an overview of vector search.',
      position: 1,
    });
    const entry = h.fake.journal.last((e) => e.kind === 'web');
    expect(entry?.headers['x-api-key']).not.toBe('serper-key');
    expect(entry?.auth?.key).toBeTruthy();
  });

  it('Serper: a wrong or missing key is 403 with its body', async () => {
    for (const headers of [{ 'X-API-KEY': 'bad-key' }, {}] as Record<string, string>[]) {
      const res = await json(`${h.fake.urls.serper}/search`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ q: 'x' }),
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: 'Unauthorized.', statusCode: 403 });
    }
  });

  it('SearXNG: JSON results (format=json only), a `private` query adds a metadata address', async () => {
    const res = await fetch(`${h.fake.urls.searxng}/search?q=private+cloud&format=json&safesearch=2`);
    const body = await res.json();
    expect(body.results.length).toBe(8);
    expect(body.results[0]).toMatchObject({
      url: `${h.fake.url}/web/pages/private-cloud--1`,
      engine: 'duckduckgo',
    });
    expect(body.results[1].url).toBe(PRIVATE_RESULT_URL);
    expect(typeof body.results[0].score).toBe('number');
    expect((await fetch(`${h.fake.urls.searxng}/search?q=x`)).status).toBe(403);
  });

  it('pages: HTML with navigation around the article; Firecrawl v1/v2 answer its Markdown', async () => {
    const slug = slugFor('vector search', 2);
    const html = await (await fetch(`${h.fake.urls.webPages}/${slug}`)).text();
    expect(html).toContain('<nav>');
    expect(html).toContain(pageFact(slug));
    for (const v of ['v1', 'v2']) {
      const res = await json(`${h.fake.urls.firecrawl}/${v}/scrape`, {
        method: 'POST',
        headers: { authorization: 'Bearer fc-key' },
        body: JSON.stringify({ url: `${h.fake.urls.webPages}/${slug}`, formats: ['markdown'] }),
      });
      const body = await res.json();
      expect(body.success).toBe(true);
      expect(body.data.markdown).toContain(pageFact(slug));
      expect(body.data.markdown).not.toContain('Log in');
      expect(body.data.metadata).toMatchObject({ title: 'Vector Search — guide 2', statusCode: 200 });
    }
    const denied = await json(`${h.fake.urls.firecrawl}/v1/scrape`, {
      method: 'POST',
      headers: { authorization: 'Bearer bad-key' },
      body: JSON.stringify({ url: `${h.fake.urls.webPages}/${slug}` }),
    });
    expect(denied.status).toBe(401);
    expect(await denied.json()).toEqual({ success: false, error: 'Unauthorized: Invalid token' });
  });

  it("Serper's scrape API: the page's Markdown and title; a wrong key is 403", async () => {
    const slug = slugFor('vector search', 1);
    const ok = await json(h.fake.urls.serperScrape, {
      method: 'POST',
      headers: { 'X-API-KEY': 'serper-key' },
      body: JSON.stringify({ url: `${h.fake.urls.webPages}/${slug}`, includeMarkdown: true }),
    });
    const body = await ok.json();
    expect(body.markdown).toContain(pageFact(slug));
    expect(body.text).not.toContain('# Vector Search');
    expect(body.metadata.title).toBe('Vector Search — guide 1');
    const bad = await json(h.fake.urls.serperScrape, {
      method: 'POST',
      headers: { 'X-API-KEY': 'bad-key' },
      body: JSON.stringify({ url: `${h.fake.urls.webPages}/${slug}` }),
    });
    expect(bad.status).toBe(403);
  });

  it('Jina and Cohere rerank: documents with the query words first, top_n kept', async () => {
    const documents = ['trains and weather', 'all about vector search', 'vector math'];
    const jina = await (
      await json(h.fake.urls.jina, {
        method: 'POST',
        headers: { authorization: 'Bearer jina-key' },
        body: JSON.stringify({
          model: 'jina-reranker-v2-base-multilingual',
          query: 'vector search',
          documents,
          top_n: 2,
        }),
      })
    ).json();
    expect(jina.results.map((r: { index: number }) => r.index)).toEqual([1, 2]);
    expect(jina.results[0].document).toEqual({ text: 'all about vector search' });
    const cohere = await (
      await json(`${h.fake.urls.cohere}/v2/rerank`, {
        method: 'POST',
        headers: { authorization: 'Bearer co-key' },
        body: JSON.stringify({ model: 'rerank-v3.5', query: 'vector search', documents, top_n: 3 }),
      })
    ).json();
    expect(cohere.results.map((r: { index: number }) => r.index)).toEqual([1, 2, 0]);
    expect(cohere.results[0].relevance_score).toBeGreaterThan(cohere.results[1].relevance_score);
    const bad = await json(`${h.fake.urls.cohere}/v2/rerank`, {
      method: 'POST',
      headers: { authorization: 'Bearer bad-key' },
      body: JSON.stringify({ model: 'rerank-v3.5', query: 'q', documents }),
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ message: 'invalid api token' });
  });
});
