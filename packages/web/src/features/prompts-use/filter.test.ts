import { describe, expect, it } from 'vitest';
import { filterPrompts, moveActive, slashQuery, toSearchEntries, type UsablePrompt } from './filter.ts';

const prompt = (name: string, command: string | null): UsablePrompt => ({
  groupId: `${name}-id`,
  name,
  command,
  oneliner: '',
  category: 'misc',
  text: `text of ${name}`,
  authorId: 'u1',
});

describe('the / filter', () => {
  const entries = toSearchEntries([
    prompt('Summarize', 'sum'),
    prompt('Code review', 'review'),
    prompt('Resume writer', null),
    prompt('Translate', 'tr-summary'),
  ]);
  const names = (q: string) => filterPrompts(entries, q).map((p) => p.name);

  it('reads the query after the slash', () => {
    expect(slashQuery('/Sum')).toBe('sum');
    expect(slashQuery('/')).toBe('');
    expect(slashQuery('sum')).toBe('');
  });

  it('lists everything for an empty query, in the list order', () => {
    expect(names('')).toEqual(['Summarize', 'Code review', 'Resume writer', 'Translate']);
  });

  it('matches commands and names regardless of case, command prefixes first', () => {
    expect(names('SUM')).toEqual(['Summarize', 'Translate', 'Resume writer']);
    expect(names('re')).toEqual(['Code review', 'Resume writer']);
    expect(names('view')).toEqual(['Code review']);
    expect(names('writer')).toEqual(['Resume writer']);
    expect(names('zzz')).toEqual([]);
  });

  it('moves the highlight with wrap-around', () => {
    expect(moveActive(0, 3, 1)).toBe(1);
    expect(moveActive(2, 3, 1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(2);
    expect(moveActive(-1, 3, -1)).toBe(2);
    expect(moveActive(0, 0, 1)).toBe(-1);
  });

  it('filters 1,000 prompts well within a frame', () => {
    const many = toSearchEntries(
      Array.from({ length: 1000 }, (_, i) => prompt(`Prompt number ${i}`, `cmd-${i}`)),
    );
    const start = performance.now();
    for (const q of ['', 'c', 'cm', 'cmd', 'cmd-', 'cmd-9', 'cmd-99', 'number 5']) filterPrompts(many, q);
    const each = (performance.now() - start) / 8;
    console.log(`filter over 1,000 prompts: ${each.toFixed(3)} ms per keystroke`);
    expect(filterPrompts(many, 'cmd-99').map((p) => p.command)).toEqual([
      'cmd-99',
      'cmd-990',
      'cmd-991',
      'cmd-992',
      'cmd-993',
      'cmd-994',
      'cmd-995',
      'cmd-996',
      'cmd-997',
      'cmd-998',
      'cmd-999',
    ]);
    expect(each).toBeLessThan(4);
  });
});
