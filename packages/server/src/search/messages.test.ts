import { searchTerms } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { ftsQuery, tsQuery } from './messages.ts';

describe('search queries', () => {
  it('keeps only words, so no query syntax reaches FTS5 or to_tsquery', () => {
    const terms = searchTerms(`Hello "world" OR x* NEAR(a b) -- '; DROP TABLE:* café`);
    expect(terms).toEqual(['hello', 'world', 'or', 'x', 'near', 'a', 'b', 'drop', 'table', 'café']);
    expect(ftsQuery(['hello', 'café'])).toBe('"hello"* "café"*');
    expect(tsQuery(['hello', 'café'])).toBe('hello:* & café:*');
  });

  it('has no terms for punctuation only', () => {
    expect(searchTerms('!!! ??? ...')).toEqual([]);
  });
});
