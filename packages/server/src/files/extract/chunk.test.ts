import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { CHUNK_TOKENS, chunkText, sections } from './chunk.ts';

const sentence = (i: number) => `Sentence number ${i} talks about topic ${i % 7} in some detail.`;
const paragraph = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => sentence(from + i)).join(' ');

describe('sections', () => {
  it('splits at headings outside code fences and keeps the heading path', () => {
    const text = '# Guide\nintro\n## Install\nsteps\n```\n# not a heading\n```\n## Use\nmore\n# Next\nend';
    const s = sections(text).map((x) => [x.heading, text.slice(x.start, x.end).split('\n')[0]]);
    expect(s).toEqual([
      ['Guide', '# Guide'],
      ['Guide > Install', '## Install'],
      ['Guide > Use', '## Use'],
      ['Next', '# Next'],
    ]);
  });
});

describe('chunkText', () => {
  it('keeps a small document in one chunk with its offset', () => {
    const text = '\n\n  Hello there. Small file.\n';
    const [c, ...rest] = chunkText(text, undefined, { countTokens });
    expect(rest).toEqual([]);
    expect(c).toMatchObject({
      ordinal: 0,
      offset: 4,
      page: null,
      heading: null,
      text: 'Hello there. Small file.',
    });
  });

  it('packs long text into chunks under the budget, overlapping, each a slice of the text', () => {
    const text = `# Report\n\n${paragraph(0, 150)}\n\n${paragraph(150, 150)}`;
    const chunks = chunkText(text, undefined, { countTokens });
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(text.slice(c.offset, c.offset + c.text.length)).toBe(c.text);
      expect(countTokens(c.text)).toBeLessThanOrEqual(CHUNK_TOKENS + 5);
      expect(c.heading).toBe('Report');
    }
    // Consecutive chunks share their boundary sentences (the overlap).
    for (let i = 1; i < chunks.length; i++) {
      const prevEnd = chunks[i - 1].offset + chunks[i - 1].text.length;
      expect(chunks[i].offset).toBeLessThan(prevEnd);
      expect(prevEnd - chunks[i].offset).toBeLessThan(400);
    }
    // Nothing is lost: every sentence is inside some chunk.
    for (let i = 0; i < 300; i++) expect(chunks.some((c) => c.text.includes(sentence(i)))).toBe(true);
  });

  it('hard-splits a run with no sentence boundary', () => {
    const text = 'x'.repeat(20_000);
    const chunks = chunkText(text, undefined, { countTokens });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.map((c) => c.text).join('')).toBe(text);
    for (const c of chunks) expect(c.tokens).toBeLessThanOrEqual(CHUNK_TOKENS);
  });

  it('gives each chunk the page its start falls on', () => {
    const pageText = (p: number) => `${paragraph(p * 100, 60)}\n\n`;
    const parts = [1, 2, 3].map(pageText);
    const text = parts.join('');
    const pages = [
      { page: 1, offset: 0 },
      { page: 2, offset: parts[0].length },
      { page: 3, offset: parts[0].length + parts[1].length },
    ];
    const chunks = chunkText(text, pages, { countTokens });
    for (const c of chunks) {
      const expected = pages.filter((p) => p.offset <= c.offset).at(-1)?.page;
      expect(c.page).toBe(expected);
    }
    expect(new Set(chunks.map((c) => c.page))).toEqual(new Set([1, 2, 3]));
  });

  it('gives nothing for blank text', () => {
    expect(chunkText(' \n\n ', undefined, { countTokens })).toEqual([]);
  });
});
