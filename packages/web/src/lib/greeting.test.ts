import { describe, expect, it } from 'vitest';
import { greetingKey, greetingPeriod } from './greeting.ts';

// 18 June 2025 is a Wednesday, 21 June a Saturday.
const wed = (h: number, m = 0) => new Date(2025, 5, 18, h, m);

describe('greetingPeriod', () => {
  it('follows the spec boundaries', () => {
    expect(greetingPeriod(wed(0))).toBe('night');
    expect(greetingPeriod(wed(4, 59))).toBe('night');
    expect(greetingPeriod(wed(5))).toBe('morning');
    expect(greetingPeriod(wed(11, 59))).toBe('morning');
    expect(greetingPeriod(wed(12))).toBe('afternoon');
    expect(greetingPeriod(wed(16, 59))).toBe('afternoon');
    expect(greetingPeriod(wed(17))).toBe('evening');
    expect(greetingPeriod(wed(23, 59))).toBe('evening');
  });
});

describe('greetingKey', () => {
  it('has a weekend morning variant and an anonymous form', () => {
    expect(greetingKey(wed(9), true)).toBe('com_landing_morning');
    expect(greetingKey(new Date(2025, 5, 21, 9), true)).toBe('com_landing_weekend_morning');
    expect(greetingKey(new Date(2025, 5, 21, 20), false)).toBe('com_landing_evening_anon');
    expect(greetingKey(wed(2), true)).toBe('com_landing_night');
  });
});
