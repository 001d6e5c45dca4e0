import type { GuardOptions } from '../../net/guarded-fetch.ts';
import type { ToolResult } from '../types.ts';
import type { AuthField, ResolvedKeys, WebSearchConfig } from './config.ts';
import { DEFAULT_FIRECRAWL_URL, DEFAULT_JINA_URL } from './config.ts';
import { formatResults, type Source } from './format.ts';
import { ServiceError } from './http.ts';
import { localRank } from './local-rank.ts';
import { passages } from './passages.ts';
import { cohereRerank, jinaRerank, type Ranking } from './rerank.ts';
import {
  type BuiltinScraperDeps,
  builtinScrape,
  firecrawlScrape,
  type ScrapedPage,
  serperScrape,
} from './scrape.ts';
import { type SearchHit, searxngSearch, serperSearch } from './search.ts';

/** Results asked of the search provider. */
export const SEARCH_RESULTS = 8;
/** Pages read (the best-ranked hits), at once. */
export const SCRAPE_TOP = 5;
/** Passages a page gives the reranker at most (its opening, where articles put the substance). */
const PASSAGES_PER_PAGE = 8;
/** Passages kept after ranking. */
export const TOP_PASSAGES = 10;
/** Search and rerank calls: longer than a page load, these services answer in about a second. */
export const SERVICE_TIMEOUT_MS = 15_000;

export interface RunDeps {
  builtin: BuiltinScraperDeps;
}

export interface RunContext {
  signal: AbortSignal;
  progress(value: number): void;
  /** Citations the reply holds already, and its limit (tools/types.ts ToolRunContext). */
  citationBase?: number;
  maxCitations?: number;
}

const PROVIDER_NAMES = { serper: 'Serper', searxng: 'SearXNG' } as const;

/** A URL the user gave is called through the SSRF guard; the admin's (librechat.yaml, env) are not. */
function guardFor(field: AuthField, keys: ResolvedKeys, deps: RunDeps): GuardOptions | undefined {
  return keys.fromUser.has(field) ? { allowedHosts: deps.builtin.allowedPrivateHosts } : undefined;
}

function search(
  query: string,
  config: WebSearchConfig,
  keys: ResolvedKeys,
  deps: RunDeps,
  ctx: RunContext,
): Promise<SearchHit[]> {
  const call = {
    query,
    num: SEARCH_RESULTS,
    safeSearch: config.safeSearch,
    timeoutMs: SERVICE_TIMEOUT_MS,
    signal: ctx.signal,
  };
  const v = keys.values;
  return config.searchProvider === 'serper'
    ? serperSearch(call, { baseUrl: config.serperApiUrl, apiKey: v.SERPER_API_KEY })
    : searxngSearch(call, {
        instanceUrl: v.SEARXNG_INSTANCE_URL,
        apiKey: v.SEARXNG_API_KEY || undefined,
        guard: guardFor('SEARXNG_INSTANCE_URL', keys, deps),
      });
}

function scrape(
  url: string,
  config: WebSearchConfig,
  keys: ResolvedKeys,
  deps: RunDeps,
  signal: AbortSignal,
): Promise<ScrapedPage> {
  const call = { url, timeoutMs: config.scraperTimeoutMs, signal };
  if (config.scraper === 'builtin') return builtinScrape(call, deps.builtin);
  if (config.scraper === 'serper')
    return serperScrape(call, { url: config.serperScrapeUrl, apiKey: keys.values.SERPER_API_KEY });
  return firecrawlScrape(call, {
    baseUrl: keys.values.FIRECRAWL_API_URL || DEFAULT_FIRECRAWL_URL,
    apiKey: keys.values.FIRECRAWL_API_KEY,
    version: config.firecrawlVersion,
    guard: guardFor('FIRECRAWL_API_URL', keys, deps),
  });
}

function rerank(
  query: string,
  documents: string[],
  sourceRanks: number[],
  config: WebSearchConfig,
  keys: ResolvedKeys,
  deps: RunDeps,
  signal: AbortSignal,
): Promise<Ranking> {
  const topN = Math.min(TOP_PASSAGES, documents.length);
  const call = { query, documents, topN, timeoutMs: SERVICE_TIMEOUT_MS, signal };
  if (config.reranker === 'jina')
    return jinaRerank(call, {
      url: keys.values.JINA_API_URL || DEFAULT_JINA_URL,
      apiKey: keys.values.JINA_API_KEY,
      guard: guardFor('JINA_API_URL', keys, deps),
    });
  if (config.reranker === 'cohere')
    return cohereRerank(call, { baseUrl: config.cohereApiUrl, apiKey: keys.values.COHERE_API_KEY });
  return Promise.resolve(localRank(query, documents, sourceRanks, topN));
}

const describe = (err: unknown): string =>
  err instanceof ServiceError
    ? err.message
    : `Unexpected error: ${err instanceof Error ? err.message : String(err)}`;

/**
 * search → read the best pages → rank their passages → a bounded, numbered answer with citations.
 * Only the search itself failing is an error result; a page that cannot be read keeps its snippet,
 * and a failed reranker falls back to the local ranking (both noted in the output).
 */
export async function runWebSearch(
  query: string,
  config: WebSearchConfig,
  keys: ResolvedKeys,
  deps: RunDeps,
  ctx: RunContext,
): Promise<ToolResult> {
  let hits: SearchHit[];
  try {
    hits = await search(query, config, keys, deps, ctx);
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    return { isError: true, output: `Web search failed: ${describe(err)}` };
  }
  ctx.progress(0.2);
  if (hits.length === 0) return { output: `The web search for "${query}" found no results.` };

  const toRead = hits.slice(0, SCRAPE_TOP);
  // Kept by rank, so the notes read the same whatever order the pages answered in.
  const unread: (string | null)[] = toRead.map(() => null);
  let done = 0;
  const pages = await Promise.all(
    toRead.map(async (hit, i) => {
      try {
        return await scrape(hit.url, config, keys, deps, ctx.signal);
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        unread[i] = `[${hit.url}] not read: ${describe(err)}`;
        return null;
      } finally {
        ctx.progress(0.2 + (0.6 * ++done) / toRead.length);
      }
    }),
  );

  const notes = unread.filter((n): n is string => n !== null);

  // Every hit competes: a read page with its passages, any other hit with its snippet.
  const documents: { hit: SearchHit; text: string; page?: ScrapedPage }[] = [];
  hits.forEach((hit, i) => {
    const page = pages[i];
    const parts = page?.text ? passages(page.text).slice(0, PASSAGES_PER_PAGE) : [];
    if (parts.length > 0) for (const text of parts) documents.push({ hit, text, page: page! });
    else if (hit.snippet) documents.push({ hit, text: hit.snippet });
  });

  let ranking: Ranking;
  const texts = documents.map((d) => d.text);
  const ranks = documents.map((d) => d.hit.rank);
  try {
    ranking = texts.length > 0 ? await rerank(query, texts, ranks, config, keys, deps, ctx.signal) : [];
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    notes.push(`Reranking failed, results ranked locally instead: ${describe(err)}`);
    ranking = localRank(query, texts, ranks, Math.min(TOP_PASSAGES, texts.length));
  }
  ctx.progress(0.9);

  // Sources in the order of their best passage; each keeps its passages in ranking order.
  const sources = new Map<string, Source>();
  for (const { index } of ranking) {
    const d = documents[index];
    let s = sources.get(d.hit.url);
    if (!s) {
      s = {
        url: d.hit.url,
        title: d.page?.title || d.hit.title,
        snippet: d.hit.snippet,
        read: !!d.page,
        passages: [],
        fullText: d.page?.text,
      };
      sources.set(d.hit.url, s);
    }
    if (d.page) s.passages.push(d.text);
  }
  const providers = {
    search: PROVIDER_NAMES[config.searchProvider],
    scraper: { firecrawl: 'Firecrawl', serper: 'Serper', builtin: 'built-in reader' }[config.scraper],
    reranker: { jina: 'Jina', cohere: 'Cohere', local: 'local ranking' }[config.reranker],
  };
  ctx.progress(1);
  const base = ctx.citationBase ?? 0;
  const room = ctx.maxCitations === undefined ? undefined : Math.max(0, ctx.maxCitations - base);
  return formatResults(query, [...sources.values()], notes, providers, base, room);
}
