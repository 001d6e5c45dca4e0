import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { boundedTokenCounter } from './token-count.ts';

describe('boundedTokenCounter', () => {
  const count = boundedTokenCounter(countTokens);

  it('counts ordinary text as the tokenizer does', () => {
    const prose = 'The pear trees are pruned every February by the gardener. '.repeat(50);
    expect(count(prose)).toBe(countTokens(prose));
  });

  it('counts a long run without spaces in slices, in linear time', () => {
    const run = 'a'.repeat(4_000_000);
    const t0 = performance.now();
    const n = count(`start ${run} end`);
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect(n).toBeGreaterThan(4_000_000 / 256);
  });
});
