import { describe, expect, it } from 'vitest';
import { conversationIdOf } from './early-loads.ts';

describe('conversationIdOf', () => {
  it('finds the conversation of a chat address, legacy form included', () => {
    expect(conversationIdOf('/chat/abc-123')).toBe('abc-123');
    expect(conversationIdOf('/c/abc-123')).toBe('abc-123');
    expect(conversationIdOf('/chat/a%20b/')).toBe('a b');
  });
  it('ignores the special ids and other pages', () => {
    for (const path of [
      '/chat/new',
      '/chat/pending',
      '/chat/search',
      '/chat',
      '/search',
      '/login',
      '/chat/a/b',
    ])
      expect(conversationIdOf(path), path).toBeNull();
  });
});
