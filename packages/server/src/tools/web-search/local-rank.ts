import type { Ranking } from './rerank.ts';

/**
 * The ranking used when no reranking service is configured (`rerankerType: none` or no keys):
 * BM25 of each passage against the query, fused by reciprocal rank with the search provider's rank
 * of the page the passage came from, so a passage that matches the words of a well-ranked page wins.
 */

const K1 = 1.2;
const B = 0.75;
/** The usual RRF constant: damps the head so neither ranking dominates. */
const RRF_K = 60;

export const terms = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 1);

export function bm25(query: string, documents: string[]): number[] {
  const docs = documents.map(terms);
  const avg = docs.reduce((n, d) => n + d.length, 0) / Math.max(1, docs.length) || 1;
  const q = [...new Set(terms(query))];
  const df = new Map(q.map((t) => [t, docs.filter((d) => d.includes(t)).length]));
  return docs.map((d) => {
    const tf = new Map<string, number>();
    for (const t of d) tf.set(t, (tf.get(t) ?? 0) + 1);
    let score = 0;
    for (const t of q) {
      const f = tf.get(t) ?? 0;
      if (f === 0) continue;
      const n = df.get(t) ?? 0;
      const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
      score += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.length) / avg));
    }
    return score;
  });
}

/** `sourceRanks[i]`: the search rank (1-based) of the page document i came from. */
export function localRank(query: string, documents: string[], sourceRanks: number[], topN: number): Ranking {
  const scores = bm25(query, documents);
  const byScore = scores.map((s, i) => ({ i, s })).sort((a, b) => b.s - a.s || a.i - b.i);
  const bm25Rank = new Map(byScore.map((x, r) => [x.i, r + 1]));
  return documents
    .map((_, index) => ({
      index,
      // A passage without any query word keeps only its page's share (it still ranks below matches).
      score: (scores[index] > 0 ? 1 / (RRF_K + bm25Rank.get(index)!) : 0) + 1 / (RRF_K + sourceRanks[index]),
    }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, topN);
}
