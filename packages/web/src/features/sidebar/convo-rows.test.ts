import type { Conversation } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { toConvoRows } from './convo-rows.ts';

const now = new Date(2025, 5, 20, 12);
const convo = (id: string, updatedAt: number): Conversation => ({
  conversationId: id,
  title: id,
  endpoint: null,
  model: null,
  isArchived: false,
  tags: [],
  expiredAt: null,
  createdAt: updatedAt,
  updatedAt,
});

describe('toConvoRows', () => {
  it('adds a header before each date group and drops duplicates', () => {
    const rows = toConvoRows(
      [
        convo('a', new Date(2025, 5, 20, 9).getTime()),
        convo('b', new Date(2025, 5, 19, 9).getTime()),
        convo('a', new Date(2025, 5, 20, 9).getTime()),
        convo('c', new Date(2024, 1, 1).getTime()),
      ],
      now,
    );
    expect(rows.map((r) => (r.kind === 'header' ? `#${r.label}` : r.key))).toEqual([
      '#Today',
      'a',
      '#Yesterday',
      'b',
      '#2024',
      'c',
    ]);
    expect(rows[0]).toMatchObject({ first: true });
    expect(rows[2]).toMatchObject({ first: false });
  });
});
