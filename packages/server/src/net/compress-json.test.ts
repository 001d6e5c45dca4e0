import { describe, expect, it } from 'vitest';
import { pickEncoding } from './compress-json.ts';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, honouring q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('gzip;q=0')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
