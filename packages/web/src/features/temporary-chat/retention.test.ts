import { describe, expect, it } from 'vitest';
import { formatRetention } from './retention.ts';

describe('formatRetention', () => {
  it('speaks in days when it can, else hours', () => {
    expect(formatRetention(720)).toBe('30 days');
    expect(formatRetention(24)).toBe('1 day');
    expect(formatRetention(36)).toBe('36 hours');
    expect(formatRetention(1)).toBe('1 hour');
  });
});
