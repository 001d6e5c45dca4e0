import { describe, expect, it } from 'vitest';
import { formatVersionDate, newestFirst, versionNumber, versionTags } from './versions.ts';

describe('prompt versions (doc 2 §3.4, §4.8)', () => {
  it('numbers a newest-first list total minus index', () => {
    expect([0, 1, 2].map((i) => versionNumber(3, i))).toEqual([3, 2, 1]);
  });

  it('dates versions yyyy-MM-dd HH:mm in local time', () => {
    const when = new Date(2026, 0, 5, 7, 3, 59);
    expect(formatVersionDate(when.getTime())).toBe('2026-01-05 07:03');
    expect(formatVersionDate(new Date(2026, 10, 28, 23, 59))).toBe('2026-11-28 23:59');
    expect(formatVersionDate(Number.NaN)).toBe('');
  });

  it('sorts newest first, keeping the server order for equal times', () => {
    const list = [
      { _id: 'a', createdAt: 1 },
      { _id: 'b', createdAt: 3 },
      { _id: 'c', createdAt: 3 },
      { _id: 'd', createdAt: 2 },
    ];
    expect(newestFirst(list).map((v) => v._id)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('tags the newest latest and the production version production, both at once when the same', () => {
    expect(versionTags(0, 'a', 'a')).toEqual({ latest: true, production: true });
    expect(versionTags(0, 'a', 'b')).toEqual({ latest: true, production: false });
    expect(versionTags(2, 'b', 'b')).toEqual({ latest: false, production: true });
    expect(versionTags(1, 'x', null)).toEqual({ latest: false, production: false });
  });
});
