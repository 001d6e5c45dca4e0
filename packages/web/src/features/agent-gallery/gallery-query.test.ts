import type { Agent, AgentList } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import {
  agentChatPath,
  agentsOf,
  listQueryFor,
  tabFromParam,
  tabPath,
  visibleCategories,
} from './gallery-query.ts';
import { parseAssistantJson } from './import-definition.ts';

const page = (ids: string[], after: string | null): AgentList => ({
  object: 'list',
  data: ids.map((id) => ({ id }) as Agent),
  first_id: ids[0] ?? null,
  last_id: ids.at(-1) ?? null,
  has_more: after !== null,
  after,
});

describe('gallery tabs and queries', () => {
  it('maps each tab and the search to GET /api/agents filters', () => {
    expect(listQueryFor('all', '')).toEqual({});
    expect(listQueryFor('promoted', '')).toEqual({ promoted: '1' });
    expect(listQueryFor('shared', '')).toEqual({ scope: 'shared' });
    expect(listQueryFor('mine', ' bot ')).toEqual({ scope: 'mine', search: 'bot' });
    expect(listQueryFor('finance', 'tax')).toEqual({ category: 'finance', search: 'tax' });
    expect(listQueryFor('all', '   ')).toEqual({});
  });

  it('reads the tab from /agents/:category and writes it back', () => {
    expect(tabFromParam(undefined)).toBe('all');
    expect(tabFromParam('Finance')).toBe('finance');
    expect(tabPath('all')).toBe('/agents');
    expect(tabPath('rd')).toBe('/agents/rd');
  });

  it('shows categories holding agents, the open one, and never the fixed tabs twice', () => {
    const entries = [
      { value: 'general', label: 'General', count: 3 },
      { value: 'hr', label: 'HR', count: 0 },
      { value: 'it', label: null, count: 0 },
      { value: 'promoted', label: 'Top picks', count: 2 },
      { value: 'custom', label: 'Custom', count: null },
    ];
    expect(visibleCategories(entries, 'it').map((e) => e.value)).toEqual(['general', 'it', 'custom']);
  });

  it('joins pages in order, each agent once', () => {
    expect(agentsOf([page(['a', 'b'], 'b'), page(['b', 'c'], null)]).map((a) => a.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(agentsOf(undefined)).toEqual([]);
  });

  it('starts a chat with the agent through the URL', () => {
    expect(agentChatPath('agent_a b')).toBe('/chat/new?agent_id=agent_a%20b');
  });
});

describe('OpenAI assistant import file', () => {
  const exported = {
    id: 'asst_abc',
    object: 'assistant',
    created_at: 1700000000,
    name: 'Math Tutor',
    description: null,
    model: 'gpt-4o',
    instructions: 'You are a personal math tutor.',
    tools: [{ type: 'code_interpreter' }, { type: 'function', function: { name: 'get_weather' } }],
    tool_resources: { code_interpreter: { file_ids: [] } },
    metadata: {},
    temperature: 1,
    top_p: 1,
    response_format: 'auto',
  };

  it('takes one exported object as is', () => {
    const parsed = parseAssistantJson(JSON.stringify(exported));
    expect(parsed).toEqual({ ok: true, definition: exported });
  });

  it("takes an array of one and OpenAI's list answer", () => {
    expect(parseAssistantJson(JSON.stringify([exported])).ok).toBe(true);
    expect(parseAssistantJson(JSON.stringify({ object: 'list', data: [exported] })).ok).toBe(true);
  });

  it('refuses what is not one assistant, naming why', () => {
    expect(parseAssistantJson('{nope')).toEqual({ ok: false, error: 'This is not valid JSON.' });
    expect(parseAssistantJson(JSON.stringify([exported, exported]))).toEqual({
      ok: false,
      error: 'Import one assistant at a time.',
    });
    const noModel = parseAssistantJson(JSON.stringify({ ...exported, model: undefined }));
    expect(noModel.ok).toBe(false);
    expect(!noModel.ok && noModel.error).toMatch(/^This is not an assistant definition \(model: /);
    expect(parseAssistantJson('"text"').ok).toBe(false);
  });
});
