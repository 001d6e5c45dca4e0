import { describe, expect, it } from 'vitest';
import { cleanTitle } from './title.ts';

describe('cleanTitle', () => {
  it('keeps one clean line', () => {
    expect(cleanTitle('"Trip to Lisbon."\nMore text')).toBe('Trip to Lisbon');
    expect(cleanTitle('Title: **Budget planning**')).toBe('Budget planning');
    expect(cleanTitle('\n\n  Hello world!  ')).toBe('Hello world');
  });
  it('caps the length at 100', () => {
    expect(cleanTitle('x'.repeat(300))).toHaveLength(100);
  });
});
