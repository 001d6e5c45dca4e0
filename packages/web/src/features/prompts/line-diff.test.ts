import { describe, expect, it } from 'vitest';
import { diffLines, diffStats, sideBySide, splitLines } from './line-diff.ts';

describe('line diff', () => {
  it('splits on any line ending; an empty text has no lines', () => {
    expect(splitLines('')).toEqual([]);
    expect(splitLines('a\r\nb\rc\n')).toEqual(['a', 'b', 'c', '']);
  });

  it('keeps common lines and marks what changed, in order', () => {
    expect(diffLines(['a', 'b', 'c'], ['a', 'x', 'c', 'd'])).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'x' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
  });

  it('finds the longest common run in the middle', () => {
    const ops = diffLines(['1', 'a', 'b', 'c', '2'], ['1', 'b', 'c', 'd', '2']);
    expect(ops.filter((o) => o.kind === 'same').map((o) => o.text)).toEqual(['1', 'b', 'c', '2']);
    expect(ops.filter((o) => o.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'a' },
      { kind: 'added', text: 'd' },
    ]);
  });

  it('handles one side empty', () => {
    expect(diffLines([], ['a'])).toEqual([{ kind: 'added', text: 'a' }]);
    expect(diffLines(['a'], [])).toEqual([{ kind: 'removed', text: 'a' }]);
    expect(diffLines([], [])).toEqual([]);
  });

  it('puts a replaced block beside its replacement, numbering each side', () => {
    const rows = sideBySide('keep\nold 1\nold 2\nend', 'keep\nnew 1\nend');
    expect(rows).toEqual([
      { left: { n: 1, text: 'keep', kind: 'same' }, right: { n: 1, text: 'keep', kind: 'same' } },
      { left: { n: 2, text: 'old 1', kind: 'removed' }, right: { n: 2, text: 'new 1', kind: 'added' } },
      { left: { n: 3, text: 'old 2', kind: 'removed' }, right: null },
      { left: { n: 4, text: 'end', kind: 'same' }, right: { n: 3, text: 'end', kind: 'same' } },
    ]);
    expect(diffStats(rows)).toEqual({ added: 1, removed: 2 });
  });

  it('identical texts have no changes', () => {
    const rows = sideBySide('a\nb', 'a\nb');
    expect(diffStats(rows)).toEqual({ added: 0, removed: 0 });
    expect(rows).toHaveLength(2);
  });

  it('stays quick on long texts', () => {
    const a = Array.from({ length: 1500 }, (_, i) => `line ${i}`);
    const b = a.map((l, i) => (i % 7 === 0 ? `${l} changed` : l));
    const started = performance.now();
    const rows = sideBySide(a.join('\n'), b.join('\n'));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(diffStats(rows)).toEqual({ added: 215, removed: 215 });
  });
});
