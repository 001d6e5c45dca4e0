import type { GuardOptions } from '../../net/guarded-fetch.ts';
import { guardedGet, PrivateAddressError, readStreamBounded } from '../../net/guarded-get.ts';
import { checkUserUrl } from '../../net/ssrf.ts';
import { callJson, endpointUrl, ServiceError } from './http.ts';

/** A page's readable text (Markdown) and title. */
export interface ScrapedPage {
  title?: string;
  text: string;
}

export interface ScrapeCall {
  url: string;
  timeoutMs: number;
  signal: AbortSignal;
}

interface FirecrawlAnswer {
  success?: boolean;
  error?: string;
  data?: { markdown?: string; metadata?: { title?: string; statusCode?: number } };
}

/** Firecrawl (`POST /v1/scrape` or `/v2/scrape`, Bearer): the page's main content as Markdown. */
export async function firecrawlScrape(
  c: ScrapeCall,
  o: { baseUrl: string; apiKey: string; version: 'v1' | 'v2'; guard?: GuardOptions },
): Promise<ScrapedPage> {
  const body = await callJson<FirecrawlAnswer>({
    service: 'Firecrawl',
    url: endpointUrl(o.baseUrl, `/${o.version}/scrape`),
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${o.apiKey}` },
      body: JSON.stringify({
        url: c.url,
        formats: ['markdown'],
        onlyMainContent: true,
        timeout: c.timeoutMs,
      }),
    },
    timeoutMs: c.timeoutMs,
    signal: c.signal,
    guard: o.guard,
  });
  if (body.success === false)
    throw new ServiceError(
      'Firecrawl',
      `Firecrawl could not read the page (${body.error ?? 'no reason given'}).`,
    );
  const status = body.data?.metadata?.statusCode ?? 200;
  if (status >= 400) throw new ServiceError('Firecrawl', `The page answered HTTP ${status}.`);
  return { title: body.data?.metadata?.title, text: body.data?.markdown ?? '' };
}

interface SerperScrapeAnswer {
  text?: string;
  markdown?: string;
  metadata?: { title?: string };
}

/** Serper's scrape API (`POST`, key in X-API-KEY): the page as Markdown (else text). */
export async function serperScrape(c: ScrapeCall, o: { url: string; apiKey: string }): Promise<ScrapedPage> {
  const body = await callJson<SerperScrapeAnswer>({
    service: 'Serper scrape',
    url: o.url,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': o.apiKey },
      body: JSON.stringify({ url: c.url, includeMarkdown: true }),
    },
    timeoutMs: c.timeoutMs,
    signal: c.signal,
  });
  return { title: body.metadata?.title, text: body.markdown || body.text || '' };
}

/** The extraction keeps running in its thread; the search stops waiting for it. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/** A fetched page larger than this is not read (articles are far smaller; this is a bomb guard). */
export const PAGE_MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export interface BuiltinScraperDeps {
  /** Hosts allowed although private (ALLOWED_PRIVATE_HOSTS), as for custom endpoints' URLs. */
  allowedPrivateHosts: string[];
  /** HTML → readable Markdown (readability + turndown), off the request thread in the app. */
  htmlToText(bytes: Uint8Array): Promise<string>;
}

/**
 * The scraper used without Firecrawl: fetch the page from this server. Search results are chosen by
 * whoever controls the pages indexed, so every hop (redirects included) passes the SSRF guard: no
 * private, loopback or link-local address unless explicitly allowed, checked again on the address
 * the connection uses (net/guarded-fetch.ts).
 */
export async function builtinScrape(c: ScrapeCall, deps: BuiltinScraperDeps): Promise<ScrapedPage> {
  const deadline = AbortSignal.timeout(c.timeoutMs);
  const signal = AbortSignal.any([c.signal, deadline]);
  let url = c.url;
  /** The page is in: later failures are the reader's, not the site's time. */
  let loaded = false;
  try {
    for (let hop = 0; ; hop++) {
      const refused = await checkUserUrl(url, deps.allowedPrivateHosts);
      if (refused) throw new ServiceError('scraper', refused.replace('The base URL', 'The page URL'));
      const res = await guardedGet(new URL(url), {
        allowedHosts: deps.allowedPrivateHosts,
        signal,
        headers: {
          accept: 'text/html,text/plain;q=0.9',
          'user-agent': 'Mozilla/5.0 (compatible; ParleyWebSearch/1.0)',
        },
      });
      const location = res.header('location');
      if (res.status >= 300 && res.status < 400 && location) {
        res.body.destroy();
        if (hop >= MAX_REDIRECTS) throw new ServiceError('scraper', 'The page redirected too many times.');
        url = new URL(location, url).toString();
        continue;
      }
      if (res.status < 200 || res.status >= 300) {
        res.body.destroy();
        throw new ServiceError('scraper', `The page answered HTTP ${res.status}.`);
      }
      const type = (res.header('content-type') ?? '').toLowerCase();
      const html = type.includes('html') || type === '';
      if (!html && !type.startsWith('text/plain')) {
        res.body.destroy();
        throw new ServiceError('scraper', `The page is not text (${type.split(';')[0]}).`);
      }
      const declared = Number(res.header('content-length'));
      const bytes = declared > PAGE_MAX_BYTES ? null : await readStreamBounded(res.body, PAGE_MAX_BYTES);
      if (bytes === null) {
        res.body.destroy();
        throw new ServiceError('scraper', `The page is larger than ${PAGE_MAX_BYTES} bytes.`);
      }
      loaded = true;
      if (!html) return { text: new TextDecoder().decode(bytes) };
      // scraperTimeout is about the site: reading the page is bounded by the extraction thread's
      // own deadline and the run's (the loop's tool timeout), not by the site's time.
      const text = await untilAborted(deps.htmlToText(bytes), c.signal);
      const title = /^# (.+)$/m.exec(text)?.[1]?.trim();
      return { title, text };
    }
  } catch (err) {
    if (!loaded && deadline.aborted && !c.signal.aborted)
      throw new ServiceError('scraper', `The page did not load within ${c.timeoutMs} ms.`, false, true);
    if (err instanceof PrivateAddressError) throw new ServiceError('scraper', err.message);
    if (err instanceof ServiceError || c.signal.aborted) throw err;
    throw new ServiceError(
      'scraper',
      `The page could not be loaded (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`,
    );
  }
}
