import { describe, expect, it } from 'vitest';
import { byteRange } from './byte-range.ts';

describe('byteRange', () => {
  it('reads a single range, an open end and a suffix, bounded by the size', () => {
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('ignores what it does not serve: none, several, other units, unsatisfiable', () => {
    for (const h of [
      undefined,
      '',
      'bytes=0-1,5-6',
      'items=0-1',
      'bytes=200-300',
      'bytes=9-3',
      'bytes=-0',
      'bytes=-',
    ]) {
      expect(byteRange(h, 100), String(h)).toBeNull();
    }
    expect(byteRange('bytes=0-0', 0)).toBeNull();
  });
});
