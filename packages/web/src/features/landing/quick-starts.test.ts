import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/t.ts';
import { QUICK_STARTS, quickStartText } from './quick-starts.ts';

describe('quick starts', () => {
  it('has the seven spec buttons in order', () => {
    expect(QUICK_STARTS.map((q) => t(q.label))).toEqual([
      'Get Summary',
      'Write for Me',
      'Review Data',
      'Plan It Out',
      'Explain It',
      'Generate Ideas',
      'Debug Code',
    ]);
  });
  it('ends the stem with two line breaks', () => {
    expect(quickStartText('Stem:')).toBe('Stem:\n\n');
  });
});
