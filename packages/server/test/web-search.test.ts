import { PRIVATE_RESULT_URL, pageFact, slugFor } from '@parley/fake-provider';
import { expect, it } from 'vitest';
import type { WebSearchYaml } from '../src/config/yaml.ts';
import type { ToolResult, ToolRunContext } from '../src/tools/types.ts';
import { resolveWebSearchConfig, WEB_SEARCH, webSearchTools } from '../src/tools/web-search/index.ts';
import { authed, describeApp, type Session, signUp, type TestApp } from './helpers.ts';

/**
 * web_search (issue 15 point 3) against the fake's Serper, SearXNG, Firecrawl, Jina and Cohere and
 * its pages. The app's own tool (ctx.webSearch) has no server Serper key: users provide it. The
 * other combinations are the same tool built from other `webSearch` blocks, run directly through
 * ToolDef.run as the agents' loop runs it.
 */

const YAML = `version: 1.2.1
webSearch:
  searchProvider: serper
  serperApiKey: \${SERPER_API_KEY}
  serperApiUrl: "{{FAKE}}/web/serper"
  rerankerType: none
`;

function runContext(userId: string, signal = new AbortController().signal) {
  const progress: number[] = [];
  const ctx: ToolRunContext = {
    userId,
    conversationId: 'convo-1',
    responseMessageId: 'msg-1',
    agent: { id: 'agent-1', authorId: userId, fileIds: {} },
    signal,
    progress: (v) => progress.push(v),
  };
  return { ctx, progress };
}

/** The tool for a `webSearch` block with the fake's URLs; the app's key store and HTML reader. */
function toolFor(
  t: TestApp,
  yaml: WebSearchYaml,
  opts: { env?: Record<string, string>; allowed?: string[] } = {},
) {
  const provider = webSearchTools({
    config: resolveWebSearchConfig(yaml, opts.env ?? {}),
    toolKeys: t.app.ctx.toolKeys,
    builtin: {
      allowedPrivateHosts: opts.allowed ?? ['127.0.0.1'],
      htmlToText: async (bytes) => (await t.app.ctx.extractor.extract(bytes, 'text/html')).text,
    },
  });
  return provider;
}

async function run(
  provider: ReturnType<typeof webSearchTools>,
  userId: string,
  query: string,
  signal?: AbortSignal,
) {
  const tool = await provider.resolve(WEB_SEARCH, { userId });
  if (!tool) throw new Error('web_search did not resolve');
  const { ctx, progress } = runContext(userId, signal);
  const result: ToolResult = await tool.run({ query }, ctx);
  return { result, progress };
}

const webCalls = (t: TestApp, prefix: string) =>
  t.fake.journal.all().filter((e) => e.kind === 'web' && e.path.startsWith(prefix));

describeApp('web_search tool', { yaml: YAML, env: { ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } }, (t) => {
  const api = (s: Session, method: string, path: string, body?: unknown) =>
    fetch(`${t.base}${path}`, {
      method,
      headers: authed(s),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const authStatus = async (s: Session) => (await api(s, 'GET', '/api/agents/tools/web_search/auth')).json();

  it('serper + firecrawl + jina: pages read by Firecrawl, ranked by Jina, numbered with citations', async () => {
    const s = await signUp(t);
    t.fake.reset();
    const provider = toolFor(
      t,
      {
        searchProvider: 'serper',
        scraperProvider: 'firecrawl',
        rerankerType: 'jina',
        serperApiUrl: `${t.fake.url}/web/serper`,
        firecrawlApiUrl: `${t.fake.url}/web/firecrawl`,
        jinaApiUrl: t.fake.urls.jina,
        safeSearch: 2,
      },
      {
        env: { SERPER_API_KEY: 'serper-server', FIRECRAWL_API_KEY: 'fc-server', JINA_API_KEY: 'jina-server' },
      },
    );
    const [tool] = await provider.available(s.userId);
    expect(tool).toMatchObject({ pluginKey: 'web_search', authenticated: true });
    expect(tool.authConfig).toBeUndefined();

    const { result, progress } = await run(provider, s.userId, 'Vector search');
    expect(result.isError).toBeFalsy();
    expect(result.output).toContain('search: Serper; pages read by: Firecrawl; ranked by: Jina');
    expect(result.output).toContain(
      `[1] Vector Search — guide 1\nURL: ${t.fake.urls.webPages}/${slugFor('vector search', 1)}`,
    );
    expect(result.output).toContain(pageFact(slugFor('vector search', 1)));
    expect(result.citations?.[0]).toMatchObject({
      url: `${t.fake.urls.webPages}/${slugFor('vector search', 1)}`,
      file_id: `${t.fake.urls.webPages}/${slugFor('vector search', 1)}`,
      filename: 'Vector Search — guide 1',
      page: null,
    });
    expect(progress.at(-1)).toBe(1);
    expect(webCalls(t, '/web/serper/search')[0].body).toMatchObject({
      q: 'Vector search',
      num: 8,
      safe: 'active',
    });
    expect(webCalls(t, '/web/firecrawl/v1/scrape')).toHaveLength(5);
    const rerank = webCalls(t, '/web/jina/v1/rerank');
    expect(rerank).toHaveLength(1);
    // 5 read pages of one passage each, and the 3 unread hits' snippets.
    expect(rerank[0].body).toMatchObject({ query: 'Vector search', top_n: 8 });
    // The pages themselves were never fetched by the server: Firecrawl did.
    expect(webCalls(t, '/web/pages/')).toHaveLength(0);
  });

  it('searxng + built-in scraper + cohere: pages fetched here (navigation dropped), ranked by Cohere', async () => {
    const s = await signUp(t);
    t.fake.reset();
    const provider = toolFor(
      t,
      {
        searchProvider: 'searxng',
        searxngInstanceUrl: t.fake.urls.searxng,
        rerankerType: 'cohere',
        cohereApiUrl: t.fake.urls.cohere,
        safeSearch: 0,
      },
      { env: { COHERE_API_KEY: 'co-server' } },
    );
    const { result } = await run(provider, s.userId, 'kysely migrations');
    expect(result.isError).toBeFalsy();
    expect(result.output).toContain('search: SearXNG; pages read by: built-in reader; ranked by: Cohere');
    expect(result.output).toContain(pageFact(slugFor('kysely migrations', 1)));
    expect(result.output).not.toContain('Log in');
    expect(result.output).not.toContain('do not read me');
    expect(webCalls(t, '/web/searxng/search')[0].query).toMatchObject({
      q: 'kysely migrations',
      format: 'json',
      safesearch: '0',
    });
    expect(webCalls(t, '/web/pages/')).toHaveLength(5);
    expect(webCalls(t, '/web/cohere/v2/rerank')[0].body).toMatchObject({
      model: 'rerank-v3.5',
      query: 'kysely migrations',
    });
  });

  it('serper search + serper scraper (LibreChat scraperProvider: serper): one key for both', async () => {
    const s = await signUp(t);
    t.fake.reset();
    const provider = toolFor(
      t,
      {
        searchProvider: 'serper',
        scraperProvider: 'serper',
        rerankerType: 'none',
        serperApiUrl: t.fake.urls.serper,
        serperScrapeUrl: t.fake.urls.serperScrape,
      },
      { env: { SERPER_API_KEY: 'serper-server' } },
    );
    const { result } = await run(provider, s.userId, 'edge caching');
    expect(result.output).toContain('pages read by: Serper');
    expect(result.output).toContain(pageFact(slugFor('edge caching', 1)));
    const scrapes = webCalls(t, '/web/serper-scrape');
    expect(scrapes).toHaveLength(5);
    expect(scrapes[0].body).toMatchObject({ includeMarkdown: true });
    expect(webCalls(t, '/web/pages/')).toHaveLength(0);
  });

  it('no reranker: passages ranked locally (BM25 fused with the search rank), no rerank call', async () => {
    const s = await signUp(t);
    t.fake.reset();
    const provider = toolFor(
      t,
      { searchProvider: 'searxng', searxngInstanceUrl: t.fake.urls.searxng, rerankerType: 'none' },
      { env: { JINA_API_KEY: 'jina-would-be-used-if-not-none' } },
    );
    const { result } = await run(provider, s.userId, 'sqlite vectors');
    expect(result.output).toContain('ranked by: local ranking');
    expect(result.citations?.[0].url).toBe(`${t.fake.urls.webPages}/${slugFor('sqlite vectors', 1)}`);
    expect(webCalls(t, '/web/jina')).toHaveLength(0);
    const none = await run(provider, s.userId, 'nothing at all');
    expect(none.result).toEqual({ output: 'The web search for "nothing at all" found no results.' });
  });

  it('a slow page is given up after scraperTimeout; its snippet stays and the search answers', async () => {
    const s = await signUp(t);
    const provider = toolFor(t, {
      searchProvider: 'searxng',
      searxngInstanceUrl: t.fake.urls.searxng,
      rerankerType: 'none',
      scraperTimeout: 300,
    });
    const started = Date.now();
    const { result } = await run(provider, s.userId, 'slow pages');
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(result.isError).toBeFalsy();
    expect(result.output).toContain('did not load within 300 ms');
    expect(result.output).toContain('(page not read; search snippet)');
    expect(result.output).toContain('Snippet 1: an overview of slow pages.');
  });

  it('a stopped run stops at once (the loop cancels the tool)', async () => {
    const s = await signUp(t);
    const provider = toolFor(t, {
      searchProvider: 'searxng',
      searxngInstanceUrl: t.fake.urls.searxng,
      rerankerType: 'none',
    });
    const stop = new AbortController();
    setTimeout(() => stop.abort(new Error('stopped by the user')), 100);
    const started = Date.now();
    await expect(run(provider, s.userId, 'slow pages', stop.signal)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('SSRF: results on private addresses are not fetched unless the host is allowed', async () => {
    const s = await signUp(t);
    t.fake.reset();
    const yaml: WebSearchYaml = {
      searchProvider: 'searxng',
      searxngInstanceUrl: t.fake.urls.searxng,
      rerankerType: 'none',
    };
    // The fake's own pages are on 127.0.0.1: refused without the allowance.
    const strict = await run(toolFor(t, yaml, { allowed: [] }), s.userId, 'private cloud');
    expect(webCalls(t, '/web/pages/')).toHaveLength(0);
    expect(strict.result.output).toContain('private network address (127.0.0.1)');
    expect(strict.result.output).not.toContain(pageFact(slugFor('private cloud', 1)));
    // Allowing 127.0.0.1 reads those, never the metadata address.
    const allowed = await run(toolFor(t, yaml), s.userId, 'private cloud');
    expect(allowed.result.output).toContain(pageFact(slugFor('private cloud', 1)));
    expect(allowed.result.output).toContain(
      `[${PRIVATE_RESULT_URL}] not read: The page URL points to a private network address (169.254.169.254)`,
    );
  });

  it('SSRF: a page that redirects to a private address is not followed there', async () => {
    const s = await signUp(t);
    const provider = toolFor(t, {
      searchProvider: 'searxng',
      searxngInstanceUrl: t.fake.urls.searxng,
      rerankerType: 'none',
    });
    const { result } = await run(provider, s.userId, 'redirect trap');
    expect(result.isError).toBeFalsy();
    expect(result.output).toContain(
      `[${t.fake.urls.webPages}/${slugFor('redirect trap', 1)}] not read: The page URL points to a private network address (169.254.169.254)`,
    );
    expect(result.citations?.every((c) => !c.text.includes('meta-data'))).toBe(true);
  });

  it('a page over the size cap is not read', async () => {
    const s = await signUp(t);
    const provider = toolFor(t, {
      searchProvider: 'searxng',
      searxngInstanceUrl: t.fake.urls.searxng,
      rerankerType: 'none',
    });
    const { result } = await run(provider, s.userId, 'huge pages');
    expect(result.output).toContain('The page is larger than 2097152 bytes.');
    expect(result.output.length).toBeLessThan(13_000);
  });

  it('wrong server keys: a bounded error for the search, a noted fallback for the reranker', async () => {
    const s = await signUp(t);
    const wrongSearch = toolFor(
      t,
      { searchProvider: 'serper', serperApiUrl: t.fake.urls.serper, rerankerType: 'none' },
      { env: { SERPER_API_KEY: 'bad-serper' } },
    );
    const failed = await run(wrongSearch, s.userId, 'anything');
    expect(failed.result).toEqual({
      isError: true,
      output: 'Web search failed: Serper refused the API key (HTTP 403: Unauthorized.).',
    });

    const wrongRerank = toolFor(
      t,
      {
        searchProvider: 'searxng',
        searxngInstanceUrl: t.fake.urls.searxng,
        rerankerType: 'cohere',
        cohereApiUrl: t.fake.urls.cohere,
      },
      { env: { COHERE_API_KEY: 'bad-cohere' } },
    );
    const fallback = await run(wrongRerank, s.userId, 'anything');
    expect(fallback.result.isError).toBeFalsy();
    expect(fallback.result.output).toContain(
      'Reranking failed, results ranked locally instead: Cohere refused the API key (HTTP 401: invalid api token).',
    );
    expect(fallback.result.citations?.length).toBeGreaterThan(0);
  });

  it('user-provided key: auth false → install → true → search works → uninstall → false', async () => {
    const s = await signUp(t);
    const tools = await t.app.ctx.webSearch.available(s.userId);
    expect(tools[0].authConfig).toEqual([
      { authField: 'SERPER_API_KEY', label: 'Serper API Key', description: expect.any(String) },
    ]);
    expect(await authStatus(s)).toEqual({ authenticated: false, message: 'user_provided' });

    const before = await run(t.app.ctx.webSearch, s.userId, 'parley agents');
    expect(before.result).toMatchObject({ isError: true });
    expect(before.result.output).toContain('Serper API Key missing');

    const empty = await api(s, 'POST', '/api/user/plugins', {
      pluginKey: 'web_search',
      action: 'install',
      auth: { SERPER_API_KEY: ' ' },
    });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toMatchObject({
      code: 'validation',
      message: 'Serper API Key is required.',
      field: 'SERPER_API_KEY',
    });

    const install = await api(s, 'POST', '/api/user/plugins', {
      pluginKey: 'web_search',
      action: 'install',
      auth: { SERPER_API_KEY: 'serper-user-secret-1234' },
    });
    expect(install.status).toBe(204);
    expect(await authStatus(s)).toEqual({ authenticated: true, message: 'user_provided' });
    const rows = await t.app.ctx.db
      .selectFrom('user_keys')
      .select(['name', 'value'])
      .where('user_id', '=', s.userId)
      .execute();
    expect(rows.map((r) => r.name)).toEqual(['tool:web_search']);
    expect(rows[0].value).not.toContain('serper-user-secret');

    t.fake.reset();
    const after = await run(t.app.ctx.webSearch, s.userId, 'parley agents');
    expect(after.result.isError).toBeFalsy();
    // The app's tool: built-in scraper (127.0.0.1 allowed by ALLOWED_PRIVATE_HOSTS), local ranking.
    expect(after.result.output).toContain(pageFact(slugFor('parley agents', 1)));
    expect(webCalls(t, '/web/serper/search')[0].auth?.key).toBe('ser…1234');

    expect(
      (await api(s, 'POST', '/api/user/plugins', { pluginKey: 'web_search', action: 'uninstall' })).status,
    ).toBe(204);
    expect(await authStatus(s)).toEqual({ authenticated: false, message: 'user_provided' });
    expect((await run(t.app.ctx.webSearch, s.userId, 'parley agents')).result.isError).toBe(true);
  });

  it("a user's own SearXNG URL passes the SSRF guard before the server calls it", async () => {
    const s = await signUp(t);
    const yaml: WebSearchYaml = { searchProvider: 'searxng', rerankerType: 'none' };
    const [listed] = await toolFor(t, yaml).available(s.userId);
    expect(listed.authConfig?.map((f) => f.authField)).toEqual(['SEARXNG_INSTANCE_URL']);
    await t.app.ctx.toolKeys.put(s.userId, 'web_search', { SEARXNG_INSTANCE_URL: t.fake.urls.searxng });
    t.fake.reset();
    const refused = await run(toolFor(t, yaml, { allowed: [] }), s.userId, 'anything');
    expect(refused.result).toEqual({
      isError: true,
      output:
        'Web search cannot use the SearXNG Instance URL: The URL points to a private network address (127.0.0.1), which is not allowed.',
    });
    expect(webCalls(t, '/web/searxng')).toHaveLength(0);
    const allowed = await run(toolFor(t, yaml), s.userId, 'anything');
    expect(allowed.result.isError).toBeFalsy();
    expect(webCalls(t, '/web/searxng')).toHaveLength(1);
  });

  it("a user's wrong key gives a bounded error result naming the service", async () => {
    const s = await signUp(t);
    await api(s, 'POST', '/api/user/plugins', {
      pluginKey: 'web_search',
      action: 'install',
      auth: { SERPER_API_KEY: 'bad-key' },
    });
    const { result } = await run(t.app.ctx.webSearch, s.userId, 'anything');
    expect(result).toEqual({
      isError: true,
      output: 'Web search failed: Serper refused the API key (HTTP 403: Unauthorized.).',
    });
  });

  it("user B never sees or uses A's tool keys, and cannot remove them", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await api(a, 'POST', '/api/user/plugins', {
      pluginKey: 'web_search',
      action: 'install',
      auth: { SERPER_API_KEY: 'serper-a-only-5678' },
    });
    expect(await authStatus(b)).toEqual({ authenticated: false, message: 'user_provided' });
    expect((await run(t.app.ctx.webSearch, b.userId, 'x')).result.output).toContain('Serper API Key missing');
    expect(
      (await api(b, 'POST', '/api/user/plugins', { pluginKey: 'web_search', action: 'uninstall' })).status,
    ).toBe(204);
    expect(await authStatus(a)).toEqual({ authenticated: true, message: 'user_provided' });
    // B's own key is B's: A's search still goes out with A's.
    await api(b, 'POST', '/api/user/plugins', {
      pluginKey: 'web_search',
      action: 'install',
      auth: { SERPER_API_KEY: 'serper-b-only-9999' },
    });
    t.fake.reset();
    await run(t.app.ctx.webSearch, a.userId, 'x');
    expect(webCalls(t, '/web/serper/search')[0].auth?.key).toBe('ser…5678');
  });

  it('tool auth routes: unknown tools, unknown actions and a tool with server keys', async () => {
    const s = await signUp(t);
    expect((await api(s, 'GET', '/api/agents/tools/nope/auth')).status).toBe(404);
    expect(
      (await api(s, 'POST', '/api/user/plugins', { pluginKey: 'nope', action: 'install', auth: {} })).status,
    ).toBe(404);
    expect(
      (await api(s, 'POST', '/api/user/plugins', { pluginKey: 'web_search', action: 'enable' })).status,
    ).toBe(400);
    expect((await fetch(`${t.base}/api/agents/tools/web_search/auth`)).status).toBe(401);
  });
});
