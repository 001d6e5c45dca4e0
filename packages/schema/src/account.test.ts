import { describe, expect, it } from 'vitest';
import { emailMatches } from './account-constants.ts';

describe('emailMatches (doc 3 §5 Delete account)', () => {
  it('unlocks only on the account email, ignoring case and surrounding spaces', () => {
    expect(emailMatches('Ada@Example.com', 'ada@example.com')).toBe(true);
    expect(emailMatches('  ada@example.com ', 'ada@example.com')).toBe(true);
    expect(emailMatches('ada@example.co', 'ada@example.com')).toBe(false);
    expect(emailMatches('ada@example.com.', 'ada@example.com')).toBe(false);
    expect(emailMatches('', '')).toBe(false);
  });
});
