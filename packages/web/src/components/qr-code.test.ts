import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { qrPath } from './qr-code.tsx';

describe('qrPath', () => {
  it('draws one unit square per dark module', () => {
    expect(
      qrPath([
        [true, false],
        [false, true],
      ]),
    ).toBe('M0 0h1v1h-1zM1 1h1v1h-1z');
    expect(qrPath([[false]])).toBe('');
  });

  it('encodes a share URL into a square symbol with finder patterns', () => {
    const qr = encode('https://chat.example.com/share/AbCdEfGhIjKlMnOpQrStUv', { ecc: 'M', border: 2 });
    expect(qr.data).toHaveLength(qr.size);
    // Top-left finder pattern: a dark 7-module row just inside the border.
    expect(qr.data[2].slice(2, 9).every(Boolean)).toBe(true);
    const dark = qr.data.flat().filter(Boolean).length;
    expect(qrPath(qr.data).match(/M/g)).toHaveLength(dark);
  });
});
