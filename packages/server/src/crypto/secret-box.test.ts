import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretBox } from './secret-box.ts';

describe('secretBox', () => {
  const box = secretBox(randomBytes(32).toString('hex'));

  it('round-trips and never repeats a ciphertext', () => {
    const a = box.seal('sk-secret');
    const b = box.seal('sk-secret');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-secret');
    expect(box.open(a)).toBe('sk-secret');
  });

  it('rejects tampering and the wrong key', () => {
    const sealed = box.seal('value');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => secretBox(randomBytes(32).toString('hex')).open(sealed)).toThrow();
    expect(() => secretBox('abcd')).toThrow(/CREDS_KEY/);
  });
});
