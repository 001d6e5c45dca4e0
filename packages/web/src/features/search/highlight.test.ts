import { searchTerms } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { excerpt, highlightParts } from './highlight.ts';

const marked = (text: string, q: string) =>
  highlightParts(text, searchTerms(q))
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join('');

describe('highlightParts', () => {
  it('marks the matched prefix of each word, ignoring case and accents', () => {
    expect(marked('Running runners ran', 'run')).toBe('[Run]ning [run]ners ran');
    expect(marked('Un café à Paris', 'cafe paris')).toBe('Un [café] à [Paris]');
    expect(marked('Hello, World!', 'WORLD hello')).toBe('[Hello], [World]!');
  });

  it('keeps markup as text: it is never parsed', () => {
    const parts = highlightParts('<img src=x onerror=alert(1)> image', ['img']);
    expect(parts.map((p) => p.text).join('')).toBe('<img src=x onerror=alert(1)> image');
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['img']);
  });

  it('returns the text whole without terms', () => {
    expect(highlightParts('plain text', [])).toEqual([{ text: 'plain text', match: false }]);
    expect(highlightParts('', ['x'])).toEqual([]);
  });

  it('prefers the longest term', () => {
    expect(marked('international', 'in inter')).toBe('[inter]national');
  });
});

describe('excerpt', () => {
  it('keeps short text whole, with whitespace collapsed', () => {
    expect(excerpt('a\n\n  b', ['a'])).toBe('a b');
  });

  it('centres a long text on its first match, cut at words', () => {
    const words = Array.from({ length: 200 }, (_, i) => `w${i}`);
    words[150] = 'needle';
    const out = excerpt(words.join(' '), ['needle'], 80);
    expect(out.startsWith('…')).toBe(true);
    expect(out.endsWith('…')).toBe(true);
    expect(out).toContain('needle');
    expect(out.length).toBeLessThanOrEqual(82);
    // Whole words at both cuts.
    expect(out).toMatch(/^…w\d+ .* w\d+…$/);
  });

  it('starts at the beginning when the match is early', () => {
    const text = `needle ${'word '.repeat(100)}`;
    const out = excerpt(text, ['needle'], 50);
    expect(out.startsWith('needle')).toBe(true);
    expect(out.endsWith('…')).toBe(true);
  });
});
