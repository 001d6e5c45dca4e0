import { describe, expect, it } from 'vitest';
import { escapeFilterValue } from './ldap.ts';

describe('escapeFilterValue', () => {
  it('escapes every filter metacharacter (RFC 4515)', () => {
    expect(escapeFilterValue('alice')).toBe('alice');
    expect(escapeFilterValue('*')).toBe('\\2a');
    expect(escapeFilterValue('a)(uid=*')).toBe('a\\29\\28uid=\\2a');
    expect(escapeFilterValue('back\\slash\0')).toBe('back\\5cslash\\00');
  });
});
