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

describe('redactUrl', () => {
  it('hides the code and state of sign-in callbacks and leaves other URLs alone', async () => {
    const { redactUrl } = await import('./log-redact.ts');
    const out = redactUrl('/oauth/github/callback?code=abc123&state=xyz&error=none');
    expect(out).not.toContain('abc123');
    expect(out).not.toContain('xyz');
    expect(out).toContain('error=none');
    expect(redactUrl('/api/convos?cursor=abc')).toBe('/api/convos?cursor=abc');
  });
});
