import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redact.ts';

describe('redactUrl', () => {
  it('hides the code and state of sign-in callbacks and leaves other URLs alone', () => {
    const out = redactUrl('/oauth/github/callback?code=abc123&state=xyz&error=none');
    expect(out).not.toContain('abc123');
    expect(out).not.toContain('xyz');
    expect(out).toContain('error=none');
    expect(redactUrl('/api/convos?cursor=abc')).toBe('/api/convos?cursor=abc');
  });
});
