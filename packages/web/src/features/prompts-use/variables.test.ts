import { describe, expect, it } from 'vitest';
import { extractVariables, fillVariables, formatDate, hasVariables, segmentText } from './variables.ts';

const ctx = { userName: 'Ada', now: new Date(2026, 0, 5, 23, 30) };

describe('prompt variables', () => {
  it('finds text fields and dropdowns in order, one per name', () => {
    expect(
      extractVariables('Write a {{tone:formal|casual| formal }} mail to {{ name }} about {{topic}}.'),
    ).toEqual([
      { name: 'tone', options: ['formal', 'casual'] },
      { name: 'name', options: null },
      { name: 'topic', options: null },
    ]);
  });

  it('asks once for a repeated name; the options written anywhere make it a dropdown', () => {
    expect(extractVariables('{{a}} and {{a}} then {{b}} {{b:x|y}}')).toEqual([
      { name: 'a', options: null },
      { name: 'b', options: ['x', 'y'] },
    ]);
  });

  it('never asks for current_date or current_user', () => {
    expect(extractVariables('Hi {{current_user}}, today is {{Current_Date}}')).toEqual([]);
    expect(hasVariables('Hi {{current_user}}')).toBe(false);
    expect(hasVariables('Hi {{who}}')).toBe(true);
    expect(hasVariables('no variables here {{}} {single}')).toBe(false);
  });

  it('fills every place of a name with its one value', () => {
    expect(fillVariables('{{x}}-{{x}}-{{x:p|q}}', { x: 'v' }, ctx)).toBe('v-v-v');
  });

  it('leaves an empty value as the placeholder written', () => {
    expect(fillVariables('A {{tone:formal|casual}} note for {{who}}', { who: '  ' }, ctx)).toBe(
      'A {{tone:formal|casual}} note for {{who}}',
    );
  });

  it('fills current_date (yyyy-MM-dd, local) and current_user', () => {
    expect(formatDate(ctx.now)).toBe('2026-01-05');
    expect(fillVariables('{{current_user}} on {{current_date}}', {}, ctx)).toBe('Ada on 2026-01-05');
  });

  it('marks special values and variables, filled or not, for the preview', () => {
    expect(segmentText('Hi {{current_user}}, {{q}}? {{r}}', { q: 'yes' }, ctx)).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'special', name: 'current_user', text: 'Ada' },
      { kind: 'text', text: ', ' },
      { kind: 'variable', name: 'q', text: 'yes', filled: true },
      { kind: 'text', text: '? ' },
      { kind: 'variable', name: 'r', text: '{{r}}', filled: false },
    ]);
  });
});
