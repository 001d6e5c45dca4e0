import { describe, expect, it } from 'vitest';
import { formatResults, OUTPUT_MAX_CHARS } from './format.ts';
import { endpointUrl } from './http.ts';
import { bm25, localRank } from './local-rank.ts';
import { PASSAGE_CHARS, passages } from './passages.ts';

describe('local ranking', () => {
  it('BM25 prefers documents with the rarer query words', () => {
    const s = bm25('sqlite vectors', ['sqlite and vectors', 'sqlite only', 'nothing here']);
    expect(s[0]).toBeGreaterThan(s[1]);
    expect(s[2]).toBe(0);
  });

  it('fuses the match with the page rank; a passage without query words ranks below matches', () => {
    const r = localRank('vector search', ['weather', 'vector search explained', 'vector'], [1, 3, 2], 3);
    expect(r.map((x) => x.index)).toEqual([1, 2, 0]);
    expect(localRank('q', ['a', 'b'], [1, 2], 1)).toHaveLength(1);
  });
});

describe('passages', () => {
  it('packs paragraphs up to the size and cuts a long one', () => {
    const long = `${'A sentence here. '.repeat(200)}`;
    const out = passages(`one\n\ntwo\n\n${long}`);
    expect(out[0]).toBe('one\n\ntwo');
    for (const p of out) expect(p.length).toBeLessThanOrEqual(PASSAGE_CHARS);
    expect(out.join(' ').replace(/\s+/g, '')).toBe(`onetwo${long}`.replace(/\s+/g, ''));
  });
});

describe('formatResults', () => {
  const providers = { search: 'Serper', scraper: 'Firecrawl', reranker: 'Jina' };
  it('numbers sources in citation order and stays within the bound', () => {
    const sources = Array.from({ length: 20 }, (_, i) => ({
      url: `https://example.com/${i}`,
      title: `Page ${i}`,
      snippet: 's',
      read: true,
      passages: ['x'.repeat(1_200)],
    }));
    const r = formatResults('q', sources, ['a note'], providers);
    expect(r.output.length).toBeLessThanOrEqual(OUTPUT_MAX_CHARS);
    const shown = [...r.output.matchAll(/^\[(\d+)\] Page (\d+)$/gm)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(shown.length).toBe(r.citations!.length);
    shown.forEach(([n, page], i) => {
      expect(n).toBe(i + 1);
      expect(r.citations![i].url).toBe(`https://example.com/${page}`);
    });
    expect(r.output).toContain('- a note');
  });

  it('numbers on from the citations the reply holds, and adds no more than its room', () => {
    const sources = Array.from({ length: 5 }, (_, i) => ({
      url: `https://example.com/${i}`,
      title: `Page ${i}`,
      snippet: 's',
      read: true,
      passages: ['short passage'],
    }));
    const r = formatResults('q', sources, [], providers, 3, 2);
    expect([...r.output.matchAll(/^\[(\d+)\] Page/gm)].map((m) => Number(m[1]))).toEqual([4, 5]);
    expect(r.citations).toHaveLength(2);
  });
});

describe('endpointUrl', () => {
  it('appends the path unless the URL already ends with it', () => {
    expect(endpointUrl('https://google.serper.dev/', '/search')).toBe('https://google.serper.dev/search');
    expect(endpointUrl('https://api.jina.ai/v1/rerank', '/v1/rerank')).toBe('https://api.jina.ai/v1/rerank');
  });
});
