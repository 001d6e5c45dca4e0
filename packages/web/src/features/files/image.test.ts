import { describe, expect, it } from 'vitest';
import { fitWithin } from './image.ts';

describe('fitWithin (clientImageResize box)', () => {
  it('scales down to the box keeping the ratio, never up', () => {
    expect(fitWithin(3800, 1900, 1900, 1900)).toEqual({ width: 1900, height: 950 });
    expect(fitWithin(1000, 4000, 1900, 1900)).toEqual({ width: 475, height: 1900 });
    expect(fitWithin(800, 600, 1900, 1900)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(10_000, 1, 100, 100)).toEqual({ width: 100, height: 1 });
  });
});
