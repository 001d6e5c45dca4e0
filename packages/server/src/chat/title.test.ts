import { DEFAULT_TITLE, type FinalFrame } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import type { EndpointDef } from '../providers/catalog.ts';
import { cleanTitle, titleDue } from './title.ts';

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

describe('titleDue', () => {
  const final = (title: string, expiredAt: number | null) =>
    ({ conversation: { title, expiredAt } }) as unknown as FinalFrame;
  const ctx = (titleConvo: boolean) => ({ endpoint: { titleConvo } as EndpointDef });

  it('titles a new, kept conversation on an endpoint that titles', () => {
    expect(titleDue(final(DEFAULT_TITLE, null), ctx(true))).toBe(true);
  });

  it('leaves titled, temporary and non-titling conversations alone', () => {
    expect(titleDue(final('Trip to Lisbon', null), ctx(true))).toBe(false);
    expect(titleDue(final(DEFAULT_TITLE, Date.now()), ctx(true))).toBe(false);
    expect(titleDue(final(DEFAULT_TITLE, null), ctx(false))).toBe(false);
  });
});
