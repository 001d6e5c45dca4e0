import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backupCodeHasher, generateBackupCodes, normalizeBackupCode } from './backup-codes.ts';

describe('backup codes', () => {
  it('generates 10 distinct 8-character codes from the unambiguous alphabet', () => {
    const codes = generateBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9abcdefghjkmnpqrstvwxyz]{8}$/);
    expect(generateBackupCodes()).not.toEqual(codes);
  });

  it('hashes with a key: stable for one key, different for another, never the code itself', () => {
    const key = randomBytes(32).toString('hex');
    const hash = backupCodeHasher(key);
    const [code] = generateBackupCodes(1);
    expect(hash(code!)).toMatch(/^[0-9a-f]{64}$/);
    expect(hash(code!)).toBe(backupCodeHasher(key)(code!));
    expect(hash(code!)).not.toContain(code);
    expect(backupCodeHasher(randomBytes(32).toString('hex'))(code!)).not.toBe(hash(code!));
  });

  it('ignores case, spaces and dashes people type', () => {
    const hash = backupCodeHasher(randomBytes(32).toString('hex'));
    expect(normalizeBackupCode(' AB12-cd34 ')).toBe('ab12cd34');
    expect(hash('AB12-CD34')).toBe(hash('ab12cd34'));
    expect(hash('ab12cd35')).not.toBe(hash('ab12cd34'));
  });
});
