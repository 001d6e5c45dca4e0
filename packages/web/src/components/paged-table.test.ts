import { describe, expect, it } from 'vitest';
import { shouldLoadMore } from './paged-table.tsx';

describe('paged table', () => {
  it('loads more within 1.5 viewports of the end', () => {
    expect(shouldLoadMore(0, 400, 2000)).toBe(false);
    expect(shouldLoadMore(1000, 400, 2000)).toBe(true);
    expect(shouldLoadMore(0, 400, 900)).toBe(true);
    // exactly 1.5 viewports left
    expect(shouldLoadMore(0, 400, 1000)).toBe(true);
  });
});
