import { describe, expect, it } from 'vitest';
import { dropPosition, filterTags, moveTag, pageCount, pageOf, stepPosition } from './reorder.ts';

const list = ['Saved', 'A', 'B', 'C', 'D'].map((tag) => ({ tag, description: tag === 'B' ? 'books' : null }));
const names = (l: { tag: string }[]) => l.map((t) => t.tag);

describe('bookmark list logic', () => {
  it('moves a tag to an index, shifting the others', () => {
    expect(names(moveTag(list, 'D', 1))).toEqual(['Saved', 'D', 'A', 'B', 'C']);
    expect(names(moveTag(list, 'Saved', 4))).toEqual(['A', 'B', 'C', 'D', 'Saved']);
    expect(names(moveTag(list, 'A', 99))).toEqual(['Saved', 'B', 'C', 'D', 'A']);
    expect(names(moveTag(list, 'missing', 0))).toEqual(names(list));
  });

  it('drops onto a row: the dragged tag takes that row’s place in the full list', () => {
    expect(dropPosition(list, 'D', 'A')).toBe(1);
    expect(dropPosition(list, 'A', 'D')).toBe(4);
    expect(dropPosition(list, 'A', 'A')).toBeNull();
    expect(dropPosition(list, 'A', 'nope')).toBeNull();
    // On a filtered view the position is still the full list's.
    const filtered = filterTags(list, 'b');
    expect(names(filtered)).toEqual(['B']);
    expect(dropPosition(list, 'Saved', filtered[0].tag)).toBe(2);
  });

  it('steps with the keyboard and stops at the ends', () => {
    expect(stepPosition(list, 'B', -1)).toBe(1);
    expect(stepPosition(list, 'B', 1)).toBe(3);
    expect(stepPosition(list, 'Saved', -1)).toBeNull();
    expect(stepPosition(list, 'D', 1)).toBeNull();
  });

  it('filters by name or description and pages by 10', () => {
    expect(names(filterTags(list, '  BOOK '))).toEqual(['B']);
    expect(filterTags(list, '')).toHaveLength(5);
    const many = Array.from({ length: 23 }, (_, i) => ({ tag: `t${i}` }));
    expect(pageCount(many.length, 10)).toBe(3);
    expect(pageCount(0, 10)).toBe(1);
    expect(names(pageOf(many, 2, 10))).toEqual(['t20', 't21', 't22']);
    expect(names(pageOf(many, 9, 10))).toEqual(['t20', 't21', 't22']);
  });
});
