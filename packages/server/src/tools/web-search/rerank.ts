import type { GuardOptions } from '../../net/guarded-fetch.ts';
import { callJson, endpointUrl } from './http.ts';

/** Indices into the documents, best first, with the service's scores. */
export type Ranking = { index: number; score: number }[];

export interface RerankCall {
  query: string;
  documents: string[];
  topN: number;
  timeoutMs: number;
  signal: AbortSignal;
}

interface RerankAnswer {
  results?: { index?: number; relevance_score?: number }[];
}

const toRanking = (body: RerankAnswer, n: number): Ranking =>
  (body.results ?? [])
    .filter((r) => Number.isInteger(r.index) && r.index! >= 0 && r.index! < n)
    .map((r) => ({ index: r.index!, score: r.relevance_score ?? 0 }));

export const JINA_MODEL = 'jina-reranker-v2-base-multilingual';
export const COHERE_MODEL = 'rerank-v3.5';

/** Jina (`POST …/v1/rerank`, Bearer); LibreChat's jinaApiUrl is the whole URL. */
export async function jinaRerank(
  c: RerankCall,
  o: { url: string; apiKey: string; guard?: GuardOptions },
): Promise<Ranking> {
  const body = await callJson<RerankAnswer>({
    service: 'Jina',
    url: endpointUrl(o.url, '/v1/rerank'),
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${o.apiKey}` },
      body: JSON.stringify({
        model: JINA_MODEL,
        query: c.query,
        documents: c.documents,
        top_n: c.topN,
        return_documents: false,
      }),
    },
    timeoutMs: c.timeoutMs,
    signal: c.signal,
    guard: o.guard,
  });
  return toRanking(body, c.documents.length);
}

/** Cohere (`POST /v2/rerank`, Bearer). */
export async function cohereRerank(c: RerankCall, o: { baseUrl: string; apiKey: string }): Promise<Ranking> {
  const body = await callJson<RerankAnswer>({
    service: 'Cohere',
    url: endpointUrl(o.baseUrl, '/v2/rerank'),
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${o.apiKey}` },
      body: JSON.stringify({ model: COHERE_MODEL, query: c.query, documents: c.documents, top_n: c.topN }),
    },
    timeoutMs: c.timeoutMs,
    signal: c.signal,
  });
  return toRanking(body, c.documents.length);
}
