import { hash32 } from '../prng.ts';

/**
 * Deterministic web content keyed by the query, so tests can assert what a search found and what a
 * scrape read. Every result links to a page this fake serves (`/web/pages/:slug`), whose slug
 * carries the query's words and the result's rank, so the page can be rebuilt from its URL alone.
 *
 * Words in the query steer the fake: `slow` makes the pages (and Firecrawl's scrape of them) answer
 * after SLOW_PAGE_MS; `huge` pads the pages' HTML to HUGE_PAGE_BYTES; `redirect` makes the pages
 * redirect (302) to a cloud metadata address; `private` adds a result on that address; `nothing`
 * finds nothing.
 */

export const SLOW_PAGE_MS = 2_000;
export const HUGE_PAGE_BYTES = 3 * 1024 * 1024;
export const PRIVATE_RESULT_URL = 'http://169.254.169.254/latest/meta-data/';

export interface FakeResult {
  title: string;
  link: string;
  snippet: string;
  position: number;
}

export const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 12);

export const slugFor = (query: string, rank: number): string =>
  `${words(query).join('-') || 'page'}--${rank}`;

/** The words and rank a page slug stands for (null when it is not one of ours). */
export function parseSlug(slug: string): { words: string[]; rank: number } | null {
  const m = /^([a-z0-9-]+)--(\d+)$/.exec(slug);
  return m ? { words: m[1].split('-'), rank: Number(m[2]) } : null;
}

/** A short code only the page body holds (never a snippet): proof that a page was read. */
export const pageFact = (slug: string): string => `FACT-${hash32(slug).toString(16).padStart(8, '0')}`;

const titleCase = (ws: string[]) => ws.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');

export function searchResults(origin: string, query: string, num: number): FakeResult[] {
  const ws = words(query);
  if (ws.includes('nothing')) return [];
  const count = Math.max(0, Math.min(num, 20));
  const out: FakeResult[] = [];
  for (let rank = 1; rank <= count; rank++) {
    const slug = slugFor(query, rank);
    out.push({
      title: `${titleCase(ws)} — guide ${rank}`,
      link: `${origin}/web/pages/${slug}`,
      snippet: `Snippet ${rank}: an overview of ${ws.join(' ')}.`,
      position: rank,
    });
  }
  if (ws.includes('private') && out.length > 0) {
    out.splice(1, 0, {
      title: 'Instance metadata',
      link: PRIVATE_RESULT_URL,
      snippet: 'Credentials of the machine.',
      position: 2,
    });
    out.forEach((r, i) => {
      r.position = i + 1;
    });
    out.length = Math.min(out.length, count);
  }
  return out;
}

export interface FakePage {
  title: string;
  /** The article as Markdown (what Firecrawl answers). */
  markdown: string;
  /** The full page, with navigation, a script and a footer around the article. */
  html: string;
  slow: boolean;
  /** Where the page redirects to, instead of answering. */
  redirect?: string;
}

/** Page `rank` for the words: a few paragraphs, the later ranks mentioning the words less often. */
export function page(slug: string): FakePage | null {
  const parsed = parseSlug(slug);
  if (!parsed) return null;
  const { words: ws, rank } = parsed;
  const topic = ws.join(' ');
  const title = `${titleCase(ws)} — guide ${rank}`;
  const fact = pageFact(slug);
  const paragraphs = [
    `This guide explains ${topic} in depth. ${fact} is the reference code of guide ${rank}.`,
    // Earlier ranks are more on-topic: the local ranker and the fake rerankers both see it.
    Array.from({ length: Math.max(1, 6 - rank) }, () => `More about ${topic}.`).join(' '),
    `Unrelated filler paragraph number ${rank} about gardening, weather and trains.`,
  ];
  const markdown = `# ${title}\n\n${paragraphs.join('\n\n')}`;
  const html = `<!doctype html><html><head><title>${title}</title>
<script>window.tracking = "do not read me";</script></head>
<body><nav><a href="/">Home</a> <a href="/about">About</a> <a href="/login">Log in</a></nav>
<main><article><h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</article></main>
<footer>Copyright fake web</footer></body></html>`;
  const padding = ws.includes('huge') ? `<!--${'x'.repeat(HUGE_PAGE_BYTES)}-->` : '';
  return {
    title,
    markdown,
    html: html + padding,
    slow: ws.includes('slow'),
    ...(ws.includes('redirect') ? { redirect: PRIVATE_RESULT_URL } : {}),
  };
}

/** Relevance of a document to a query: the share of query words it contains, then its mentions. */
export function relevance(query: string, doc: string): number {
  const qs = [...new Set(words(query))];
  if (qs.length === 0) return 0;
  const ds = doc.toLowerCase().split(/[^a-z0-9]+/);
  let hit = 0;
  let mentions = 0;
  for (const q of qs) {
    const n = ds.filter((d) => d === q).length;
    if (n > 0) hit++;
    mentions += n;
  }
  return Math.round((hit / qs.length) * 0.8 * 1e6 + Math.min(mentions, 20) * 0.01 * 1e6) / 1e6;
}
