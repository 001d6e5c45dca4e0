import { describe, expect, it } from 'vitest';
import {
  formatShareDate,
  formatShareRowDate,
  shareDocumentTitle,
  shareUrl,
  validSelection,
} from './share-links.ts';

describe('share links', () => {
  it('builds {origin}/share/{shareId}', () => {
    expect(shareUrl('https://chat.example.com', 'abc_DEF-123')).toBe(
      'https://chat.example.com/share/abc_DEF-123',
    );
    expect(shareUrl('http://localhost:3080/', 'x')).toBe('http://localhost:3080/share/x');
  });

  it('formats the long US date', () => {
    const ms = Date.UTC(2026, 10, 23, 12);
    expect(formatShareDate(ms, 'UTC')).toBe('November 23, 2026');
    expect(formatShareRowDate(ms, 'UTC')).toBe('Nov 23, 2026');
  });

  it('titles the document only with what exists', () => {
    expect(shareDocumentTitle('Otters', 'Parley')).toBe('Otters | Parley');
    expect(shareDocumentTitle(undefined, 'Parley')).toBe('Parley');
    expect(shareDocumentTitle('Otters', '')).toBe('Otters');
  });

  it('keeps only selected rows that are still listed', () => {
    const rows = [{ shareId: 'a' }, { shareId: 'b' }];
    expect(validSelection(new Set(['b', 'gone']), rows)).toEqual([{ shareId: 'b' }]);
    expect(validSelection(new Set(['gone']), rows)).toEqual([]);
  });
});
