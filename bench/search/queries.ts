/**
 * The query kinds and their timing over HTTP. Each kind rotates through a few words of the same
 * class (picked by frequency rank), so no single cached query dominates, and every response is
 * checked (status, hits) so that a broken query cannot pass for a fast one.
 */
import { MessageSearchResponse } from '@parley/schema';
import { APP_URL, type Session } from './server.ts';
import { type Vocabulary, wordOfRank } from './vocabulary.ts';

export type Expectation = 'hits' | 'title-hits' | 'no-hits';

export interface QueryKind {
  id: string;
  label: string;
  queries: string[];
  expect: Expectation;
  /** Time page DEEP_PAGE (following nextCursor) instead of the first page. */
  deep?: boolean;
}

/** The page timed by the deep kind: ten pages are followed first. */
export const DEEP_PAGE = 11;

const ranks = (vocabulary: Vocabulary, list: number[]) => list.map((rank) => wordOfRank(vocabulary, rank));

/** What search-as-you-type sends mid-word: the first four letters (three of a short word). */
const typedPrefix = (word: string) => word.slice(0, word.length >= 6 ? 4 : 3);

export function queryKinds(vocabulary: Vocabulary): QueryKind[] {
  // Rare words stop at rank 16k so that even the 10k stage of --scale 0.1 has some of each.
  const rare = ranks(vocabulary, [10_000, 11_500, 13_000, 14_500, 16_000]);
  const medium = ranks(vocabulary, [100, 150, 200, 300, 500]);
  const veryCommon = ranks(vocabulary, [1, 2, 3, 4, 5]);
  const common = ranks(vocabulary, [10, 15, 20, 25, 30]);
  return [
    { id: 'rare', label: 'rare word (rank 10k–16k)', queries: rare, expect: 'hits' },
    { id: 'medium', label: 'medium word (rank 100–500)', queries: medium, expect: 'hits' },
    { id: 'very-common', label: 'very common word (rank 1–5)', queries: veryCommon, expect: 'hits' },
    {
      id: 'two-words',
      label: 'two words (medium+common, rare+common)',
      queries: [0, 1, 2, 3, 4].map((i) =>
        i % 2 ? `${rare[i]} ${veryCommon[i]}` : `${medium[i]} ${veryCommon[i]}`,
      ),
      expect: 'hits',
    },
    {
      id: 'prefix',
      label: 'prefix of a medium word',
      queries: ranks(vocabulary, [120, 180, 250, 350, 450]).map(typedPrefix),
      expect: 'hits',
    },
    { id: 'title-only', label: 'title-only word', queries: vocabulary.titleOnly, expect: 'title-hits' },
    { id: 'no-match', label: 'no match', queries: vocabulary.noMatch, expect: 'no-hits' },
    { id: 'first-page', label: 'first page, common word (rank 10–30)', queries: common, expect: 'hits' },
    {
      id: 'deep-page',
      label: `page ${DEEP_PAGE}, common word (rank 10–30)`,
      queries: common,
      expect: 'hits',
      deep: true,
    },
  ];
}

interface SearchCall {
  ms: number;
  status: number;
  page: MessageSearchResponse | null;
}

/** One search request, timed from sending it to having parsed its body. */
async function search(session: Session, query: string, cursor?: string | null): Promise<SearchCall> {
  const url = new URL('/api/messages', APP_URL);
  url.searchParams.set('search', query);
  if (cursor) url.searchParams.set('cursor', cursor);
  const headers = await session.headers();
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const body: unknown = await res.json();
  const ms = performance.now() - t0;
  return { ms, status: res.status, page: res.status === 200 ? MessageSearchResponse.parse(body) : null };
}

/** What is wrong with a response, given what the kind expects; null when it is right. */
function problemOf(kind: QueryKind, query: string, call: SearchCall): string | null {
  if (!call.page) return `"${query}": HTTP ${call.status}`;
  const hits = call.page.messages;
  if (kind.expect === 'no-hits') return hits.length ? `"${query}": ${hits.length} hits, expected none` : null;
  if (hits.length === 0) return `"${query}": no hits`;
  if (kind.expect === 'title-hits' && hits.some((h) => !h.titleMatch)) {
    return `"${query}": a title-only word matched message text`;
  }
  return null;
}

/** Follow nextCursor from the first page; the cursor of page `page`, or null if it ends sooner. */
async function cursorOfPage(session: Session, query: string, page: number): Promise<string | null> {
  let cursor: string | null = null;
  for (let n = 1; n < page; n++) {
    const call = await search(session, query, cursor);
    cursor = call.page?.nextCursor ?? null;
    if (!cursor) return null;
  }
  return cursor;
}

export interface PageHits {
  count: number;
  /** The response had a nextCursor. */
  more: boolean;
}

export interface KindTiming {
  timesMs: number[];
  /** Hits on the timed page, per query of the kind. */
  hits: PageHits[];
  problems: string[];
}

/** Warm up, then time `reps` requests rotating through the kind's queries. */
export async function timeKind(
  session: Session,
  kind: QueryKind,
  reps: number,
  warmups: number,
): Promise<KindTiming> {
  const problems = new Set<string>();
  const cursors = new Map<string, string | null>();
  for (const query of kind.queries) {
    const cursor = kind.deep ? await cursorOfPage(session, query, DEEP_PAGE) : null;
    if (kind.deep && !cursor) problems.add(`"${query}": fewer than ${DEEP_PAGE} pages`);
    cursors.set(query, cursor);
  }
  const hits = new Map<string, PageHits>();
  const timesMs: number[] = [];
  for (let i = 0; i < warmups + reps; i++) {
    const query = kind.queries[i % kind.queries.length];
    const call = await search(session, query, cursors.get(query));
    const problem = problemOf(kind, query, call);
    if (problem) problems.add(problem);
    if (call.page && !hits.has(query)) {
      hits.set(query, { count: call.page.messages.length, more: call.page.nextCursor !== null });
    }
    if (i >= warmups) timesMs.push(call.ms);
  }
  return { timesMs, hits: [...hits.values()], problems: [...problems] };
}
