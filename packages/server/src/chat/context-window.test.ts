import { describe, expect, it } from 'vitest';
import { contextWindow, DEFAULT_CONTEXT_TOKENS, fitContext } from './context-window.ts';

describe('context window', () => {
  it('knows common models by prefix', () => {
    expect(contextWindow('gpt-4o-mini')).toBe(128_000);
    expect(contextWindow('gpt-4')).toBe(8_192);
    expect(contextWindow('claude-sonnet-4-5')).toBe(200_000);
    expect(contextWindow('openai/gpt-4o')).toBe(128_000);
    expect(contextWindow('some-local-model')).toBe(DEFAULT_CONTEXT_TOKENS);
  });

  it('drops the oldest turns first and keeps the newest user message', () => {
    const turns = Array.from({ length: 10 }, (_, i) => ({
      role: (i % 2 === 0 ? 'user' : 'assistant') as 'user' | 'assistant',
      text: 'x'.repeat(400),
    }));
    const { turns: kept, dropped } = fitContext(turns, undefined, 350);
    expect(dropped).toBeGreaterThan(0);
    expect(kept[kept.length - 1]).toBe(turns[9]);
    expect(kept[0].role).toBe('user');
    expect(dropped + kept.length).toBe(10);
  });

  it('keeps everything when it fits, and the last turn even when it alone is too long', () => {
    const turns = [{ role: 'user' as const, text: 'hello' }];
    expect(fitContext(turns, 'sys', 1000)).toEqual({ turns, dropped: 0 });
    const huge = [{ role: 'user' as const, text: 'x'.repeat(10_000) }];
    expect(fitContext(huge, undefined, 10).turns).toEqual(huge);
  });
});
