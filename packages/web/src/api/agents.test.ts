import type { Agent, AgentList } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { nextAgentCursor, toCategoryEntries, toImportResult } from './agents.ts';

describe('agents API shapes', () => {
  it('reads the categories as an array or {categories}, skipping junk', () => {
    const list = [{ value: 'hr', label: 'HR', count: 2 }, 'it', { label: 'no value' }, null];
    const expected = [
      { value: 'hr', label: 'HR', count: 2 },
      { value: 'it', label: null, count: null },
    ];
    expect(toCategoryEntries(list)).toEqual(expected);
    expect(toCategoryEntries({ categories: list })).toEqual(expected);
    expect(toCategoryEntries('oops')).toEqual([]);
  });

  it('pages on with `after` while has_more', () => {
    const base = { object: 'list' as const, data: [], first_id: 'a', last_id: 'z' };
    expect(nextAgentCursor({ ...base, has_more: true, after: 'cur' } satisfies AgentList)).toBe('cur');
    expect(nextAgentCursor({ ...base, has_more: true, after: null } satisfies AgentList)).toBe('z');
    expect(nextAgentCursor({ ...base, has_more: false, after: 'cur' } satisfies AgentList)).toBeUndefined();
  });

  it('reads the import answer with its skipped parts, as strings or objects', () => {
    const agent = { id: 'agent_1', name: 'Tutor' } as Agent;
    expect(toImportResult({ agent, skipped: ['function get_weather'] })).toEqual({
      agent,
      skipped: ['function get_weather'],
    });
    expect(
      toImportResult({
        ...agent,
        skipped: [{ type: 'function', name: 'get_weather', reason: 'no actions yet' }],
      }),
    ).toEqual({
      agent: { ...agent, skipped: [{ type: 'function', name: 'get_weather', reason: 'no actions yet' }] },
      skipped: ['function get_weather: no actions yet'],
    });
    expect(toImportResult({ agent })).toEqual({ agent, skipped: [] });
  });
});
