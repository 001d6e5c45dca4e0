import { describe, expect, it } from 'vitest';
import { avatarColor, initialsOf } from './initials.ts';

describe('initialsOf', () => {
  it('takes the first and last word', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('ada')).toBe('A');
    expect(initialsOf('grace b. hopper')).toBe('GH');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf(null)).toBe('?');
  });
});

describe('avatarColor', () => {
  it('is stable per name, ignores case and spacing, and differs between names', () => {
    expect(avatarColor('Ada Lovelace')).toBe(avatarColor(' ada lovelace '));
    expect(avatarColor('Ada Lovelace')).toMatch(/^hsl\(\d{1,3} 55% 42%\)$/);
    const hues = new Set(['Ada', 'Grace', 'Alan', 'Linus', 'Barbara'].map(avatarColor));
    expect(hues.size).toBeGreaterThan(3);
  });
});
