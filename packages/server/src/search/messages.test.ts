import { searchTerms } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { decodeSearchCursor, encodeSearchCursor, ftsQuery, tsQuery } from './messages.ts';

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

  it('round-trips the cursor and ignores a bad one', () => {
    const c = { createdAt: 1700000000000, messageId: 'abc' };
    expect(decodeSearchCursor(encodeSearchCursor(c))).toEqual(c);
    expect(decodeSearchCursor('not-a-cursor')).toBeNull();
    expect(decodeSearchCursor(undefined)).toBeNull();
  });
});
