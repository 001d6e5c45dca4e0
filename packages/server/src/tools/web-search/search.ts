import type { GuardOptions } from '../../net/guarded-fetch.ts';
import { callJson, endpointUrl } from './http.ts';

/** One search hit, whatever the provider. `rank` is 1-based in the provider's order. */
export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
  rank: number;
}

export interface SearchCall {
  query: string;
  num: number;
  safeSearch: 0 | 1 | 2;
  timeoutMs: number;
  signal: AbortSignal;
}

const SERPER_SAFE = ['off', 'moderate', 'active'] as const;

interface SerperAnswer {
  organic?: { title?: string; link?: string; snippet?: string; position?: number }[];
}

/** Serper (`POST /search`, key in X-API-KEY): Google results. */
export async function serperSearch(
  c: SearchCall,
  o: { baseUrl: string; apiKey: string },
): Promise<SearchHit[]> {
  const body = await callJson<SerperAnswer>({
    service: 'Serper',
    url: endpointUrl(o.baseUrl, '/search'),
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': o.apiKey },
      body: JSON.stringify({ q: c.query, num: c.num, gl: 'us', hl: 'en', safe: SERPER_SAFE[c.safeSearch] }),
    },
    timeoutMs: c.timeoutMs,
    signal: c.signal,
  });
  return (body.organic ?? [])
    .filter((r) => typeof r.link === 'string')
    .map((r, i) => ({ title: r.title ?? r.link!, url: r.link!, snippet: r.snippet ?? '', rank: i + 1 }));
}

interface SearxngAnswer {
  results?: { url?: string; title?: string; content?: string }[];
}

/** SearXNG (`GET /search?format=json`); an instance key, when set, goes in X-API-Key. */
export async function searxngSearch(
  c: SearchCall,
  o: { instanceUrl: string; apiKey?: string; guard?: GuardOptions },
): Promise<SearchHit[]> {
  const url = new URL(endpointUrl(o.instanceUrl, '/search'));
  url.search = new URLSearchParams({
    q: c.query,
    format: 'json',
    safesearch: String(c.safeSearch),
    language: 'en',
    pageno: '1',
  }).toString();
  const body = await callJson<SearxngAnswer>({
    service: 'SearXNG',
    url: url.toString(),
    init: { method: 'GET', headers: o.apiKey ? { 'x-api-key': o.apiKey } : {} },
    timeoutMs: c.timeoutMs,
    signal: c.signal,
    guard: o.guard,
  });
  return (body.results ?? [])
    .filter((r) => typeof r.url === 'string')
    .slice(0, c.num)
    .map((r, i) => ({ title: r.title ?? r.url!, url: r.url!, snippet: r.content ?? '', rank: i + 1 }));
}
