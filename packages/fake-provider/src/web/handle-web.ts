import type { IncomingMessage } from 'node:http';
import { checkKey, extractKey, fingerprint, type KeySource } from '../auth.ts';
import { type Exchange, end, sendJson } from '../transport/exchange.ts';
import { page, relevance, SLOW_PAGE_MS, searchResults } from './content.ts';

/**
 * Web-search services as their real HTTP APIs answer (issue 15): Serper, SearXNG, Firecrawl, Jina
 * and Cohere rerank, plus the pages their results link to. Keys follow the fake's rule (auth.ts):
 * missing, `bad-…` or `sk-invalid` fail with that service's own error shape.
 */

type Body = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const origin = (req: IncomingMessage) => `http://${req.headers.host ?? '127.0.0.1'}`;

function denied(ex: Exchange, req: IncomingMessage, query: Record<string, string>, sources: KeySource[]) {
  const key = extractKey(req.headers, query, sources);
  ex.entry.auth = {
    scheme: sources[0].type === 'bearer' ? 'bearer' : 'api-key',
    ...(key ? { key: fingerprint(key) } : {}),
  };
  const result = checkKey(key);
  return result.ok ? null : result.reason;
}

async function serper(ex: Exchange, req: IncomingMessage, body: Body) {
  // Serper answers a wrong or missing key with 403 and this body.
  if (denied(ex, req, {}, [{ type: 'header', name: 'x-api-key' }]))
    return sendJson(ex, 403, { message: 'Unauthorized.', statusCode: 403 });
  const q = str(body.q);
  if (!q) return sendJson(ex, 400, { message: 'Missing query parameter', statusCode: 400 });
  const num = typeof body.num === 'number' ? body.num : 10;
  const organic = searchResults(origin(req), q, num);
  sendJson(ex, 200, {
    searchParameters: { q, gl: body.gl ?? 'us', hl: body.hl ?? 'en', num, type: 'search', engine: 'google' },
    organic,
    relatedSearches: [{ query: `${q} tutorial` }, { query: `${q} examples` }],
    credits: 1,
  });
}

/** Serper's scrape API (scrape.serper.dev answers at its root); only the fake's pages have text. */
async function serperScrape(ex: Exchange, req: IncomingMessage, body: Body) {
  if (denied(ex, req, {}, [{ type: 'header', name: 'x-api-key' }]))
    return sendJson(ex, 403, { message: 'Unauthorized.', statusCode: 403 });
  const found = pageAt(str(body.url));
  if (found === undefined) return sendJson(ex, 400, { message: 'Invalid url', statusCode: 400 });
  if (found?.slow && !(await ex.pacer.real(SLOW_PAGE_MS))) return;
  if (!found) return sendJson(ex, 500, { message: 'Failed to scrape the page', statusCode: 500 });
  sendJson(ex, 200, {
    text: found.markdown.replace(/^# .*\n+/, ''),
    ...(body.includeMarkdown ? { markdown: found.markdown } : {}),
    metadata: { title: found.title, 'og:title': found.title },
    credits: 1,
  });
}

async function searxng(ex: Exchange, req: IncomingMessage, query: Record<string, string>) {
  // SearXNG has no keys of its own; an instance behind a proxy that checks one answers 401 text.
  const key = extractKey(req.headers, query, [{ type: 'header', name: 'x-api-key' }]);
  if (key && !checkKey(key).ok) {
    ex.entry.status = 401;
    ex.res.writeHead(401, { 'content-type': 'text/plain' });
    return end(ex, 'Unauthorized');
  }
  // An instance without `json` in search.formats refuses it this way.
  if (query.format !== 'json') {
    ex.entry.status = 403;
    ex.res.writeHead(403, { 'content-type': 'text/html' });
    return end(ex, '<html><body><h1>403 Forbidden</h1></body></html>');
  }
  const q = query.q ?? '';
  const results = searchResults(origin(req), q, 8).map((r) => ({
    url: r.link,
    title: r.title,
    content: r.snippet,
    engine: 'duckduckgo',
    engines: ['duckduckgo', 'brave'],
    positions: [r.position],
    score: Math.round((2 / r.position) * 1000) / 1000,
    category: 'general',
  }));
  sendJson(ex, 200, {
    query: q,
    number_of_results: results.length,
    results,
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [`${q} tutorial`],
    unresponsive_engines: [],
  });
}

async function firecrawl(ex: Exchange, req: IncomingMessage, body: Body) {
  const reason = denied(ex, req, {}, [{ type: 'bearer' }]);
  if (reason)
    return sendJson(ex, 401, {
      success: false,
      error: reason === 'missing' ? 'Unauthorized' : 'Unauthorized: Invalid token',
    });
  const url = str(body.url);
  const found = pageAt(url);
  if (found === undefined)
    return sendJson(ex, 400, {
      success: false,
      error: 'Bad Request',
      details: [{ path: ['url'], message: 'Invalid URL' }],
    });
  if (found?.slow && !(await ex.pacer.real(SLOW_PAGE_MS))) return;
  if (!found) {
    // A page the fake web does not have: Firecrawl reports the site's 404 as data.
    return sendJson(ex, 200, {
      success: true,
      data: { markdown: '', metadata: { title: 'Not Found', sourceURL: url, url, statusCode: 404 } },
    });
  }
  const metadata = { title: found.title, language: 'en', sourceURL: url, url, statusCode: 200 };
  // v1 and v2 answer a markdown-only scrape with the same shape.
  sendJson(ex, 200, { success: true, data: { markdown: found.markdown, metadata } });
}

/** The fake page a URL names; null for any other page, undefined when it is no URL at all. */
function pageAt(url: string) {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return undefined;
  }
  return target.pathname.startsWith('/web/pages/') ? page(target.pathname.slice('/web/pages/'.length)) : null;
}

function ranked(body: Body) {
  const query = str(body.query);
  const documents = Array.isArray(body.documents)
    ? body.documents.map((d) => (typeof d === 'string' ? d : str((d as Body)?.text)))
    : [];
  const topN = typeof body.top_n === 'number' ? body.top_n : documents.length;
  return documents
    .map((text, index) => ({ index, text, relevance_score: relevance(query, text) }))
    .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index)
    .slice(0, Math.max(0, topN));
}

async function jina(ex: Exchange, req: IncomingMessage, body: Body) {
  if (denied(ex, req, {}, [{ type: 'bearer' }]))
    return sendJson(ex, 401, {
      detail: 'Invalid API key. Please get a new API key from https://jina.ai',
    });
  if (!str(body.query) || !Array.isArray(body.documents))
    return sendJson(ex, 422, { detail: [{ loc: ['body', 'query'], msg: 'field required' }] });
  const results = ranked(body);
  const returnDocs = body.return_documents !== false;
  sendJson(ex, 200, {
    model: str(body.model) || 'jina-reranker-v2-base-multilingual',
    usage: { total_tokens: results.length * 50 },
    results: results.map((r) => ({
      index: r.index,
      relevance_score: r.relevance_score,
      ...(returnDocs ? { document: { text: r.text } } : {}),
    })),
  });
}

async function cohere(ex: Exchange, req: IncomingMessage, body: Body) {
  if (denied(ex, req, {}, [{ type: 'bearer' }])) return sendJson(ex, 401, { message: 'invalid api token' });
  if (!str(body.model)) return sendJson(ex, 400, { message: 'invalid request: model is required' });
  if (!str(body.query) || !Array.isArray(body.documents))
    return sendJson(ex, 400, { message: 'invalid request: query and documents are required' });
  sendJson(ex, 200, {
    id: `rerank-${ex.entry.id}`,
    results: ranked(body).map((r) => ({ index: r.index, relevance_score: r.relevance_score })),
    meta: { api_version: { version: '2' }, billed_units: { search_units: 1 } },
  });
}

async function pageRoute(ex: Exchange, slug: string) {
  const found = page(decodeURIComponent(slug));
  if (found?.slow && !(await ex.pacer.real(SLOW_PAGE_MS))) return;
  if (found?.redirect) {
    ex.entry.status = 302;
    ex.res.writeHead(302, { location: found.redirect, 'content-type': 'text/html' });
    return end(ex, '');
  }
  ex.entry.status = found ? 200 : 404;
  ex.res.writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
  end(ex, found ? found.html : '<html><body><h1>Not found</h1></body></html>');
}

/** `/web/...`: false when no web route matches (the caller answers 404). */
export async function handleWeb(
  ex: Exchange,
  req: IncomingMessage,
  method: string,
  path: string,
  query: Record<string, string>,
  body: unknown,
): Promise<boolean> {
  const b = (body && typeof body === 'object' ? body : {}) as Body;
  const route = `${method} ${path}`;
  if (route === 'POST /web/serper/search') await serper(ex, req, b);
  else if (route === 'POST /web/serper-scrape') await serperScrape(ex, req, b);
  else if (route === 'GET /web/searxng/search') await searxng(ex, req, query);
  else if (route === 'POST /web/firecrawl/v1/scrape') await firecrawl(ex, req, b);
  else if (route === 'POST /web/firecrawl/v2/scrape') await firecrawl(ex, req, b);
  else if (route === 'POST /web/jina/v1/rerank') await jina(ex, req, b);
  else if (route === 'POST /web/cohere/v2/rerank') await cohere(ex, req, b);
  else if (method === 'GET' && path.startsWith('/web/pages/')) await pageRoute(ex, path.slice(11));
  else return false;
  return true;
}
