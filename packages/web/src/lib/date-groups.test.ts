import { describe, expect, it } from 'vitest';
import { dateGroupOf, groupByDate } from './date-groups.ts';

const now = new Date(2025, 5, 20, 15, 0, 0); // 20 June 2025, 15:00 local
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m, d, h).getTime();

describe('dateGroupOf', () => {
  it('puts today and future times in Today', () => {
    expect(dateGroupOf(at(2025, 5, 20, 0), now).label).toBe('Today');
    expect(dateGroupOf(at(2025, 5, 21), now).label).toBe('Today');
  });
  it('uses calendar days, not 24 h windows', () => {
    expect(dateGroupOf(new Date(2025, 5, 19, 23, 59).getTime(), now).label).toBe('Yesterday');
    expect(dateGroupOf(new Date(2025, 5, 19, 0, 0).getTime(), now).label).toBe('Yesterday');
  });
  it('has the 7 and 30 day buckets', () => {
    expect(dateGroupOf(at(2025, 5, 18), now).label).toBe('Previous 7 days');
    expect(dateGroupOf(at(2025, 5, 13), now).label).toBe('Previous 7 days');
    expect(dateGroupOf(at(2025, 5, 12), now).label).toBe('Previous 30 days');
    expect(dateGroupOf(at(2025, 4, 21), now).label).toBe('Previous 30 days');
  });
  it('then months of this year, then years', () => {
    expect(dateGroupOf(at(2025, 4, 1), now).label).toBe('May');
    expect(dateGroupOf(at(2025, 0, 2), now).label).toBe('January');
    expect(dateGroupOf(at(2024, 11, 31), now).label).toBe('2024');
    expect(dateGroupOf(at(2019, 3, 1), now).key).toBe('year-2019');
  });
});

describe('groupByDate', () => {
  it('keeps groups in chronological order and items in input order', () => {
    const items = [
      at(2025, 5, 20),
      at(2025, 5, 19),
      at(2025, 0, 2),
      at(2025, 5, 20, 9),
      at(2023, 1, 1),
      at(2025, 2, 3),
    ];
    const groups = groupByDate(items, (x) => x, now);
    expect(groups.map((g) => g.group.label)).toEqual(['Today', 'Yesterday', 'March', 'January', '2023']);
    expect(groups[0].items).toEqual([at(2025, 5, 20), at(2025, 5, 20, 9)]);
  });
  it('returns nothing for nothing', () => {
    expect(groupByDate([], (x: number) => x, now)).toEqual([]);
  });
});
