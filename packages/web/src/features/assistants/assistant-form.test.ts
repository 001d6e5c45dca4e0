import { type Agent, CONVO_STARTER_MAX_LENGTH, CONVO_STARTERS_MAX } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_LIMITS,
  addStarter,
  assistantBody,
  avatarProblem,
  cleanStarters,
  emptyAssistantForm,
  formFromAgent,
  isRetrievalModel,
  nextAfterDelete,
  validateAssistant,
  withModel,
} from './assistant-form.ts';

const agent = (over: Partial<Agent> = {}): Agent => ({
  id: 'agent_1',
  name: 'Helper',
  description: 'Helps',
  instructions: 'Be kind',
  provider: 'openAI',
  model: 'gpt-4o',
  model_parameters: { temperature: 0.2 },
  tools: ['web_search', 'file_search'],
  agent_ids: [],
  end_after_tools: false,
  hide_sequential_outputs: false,
  recursion_limit: null,
  artifacts: '',
  tool_resources: { file_search: { file_ids: ['f1'] } },
  conversation_starters: ['Hi'],
  require_approval: [],
  category: 'general',
  kind: 'assistant',
  append_current_datetime: true,
  avatar: null,
  author: 'u1',
  authorName: 'Ada',
  projectIds: [],
  isCollaborative: false,
  is_promoted: false,
  version: 1,
  createdAt: 1,
  updatedAt: 1,
  ...over,
});

describe('conversation starters (doc 3 §5)', () => {
  it('adds a non-blank starter, trimmed, and ignores blank ones', () => {
    expect(addStarter([], '  Plan a trip  ')).toEqual({ list: ['Plan a trip'], added: true, shake: false });
    expect(addStarter(['a'], '   ')).toEqual({ list: ['a'], added: false, shake: false });
  });

  it(`stops at ${CONVO_STARTERS_MAX}: Enter at the max shakes the field and adds nothing`, () => {
    let list: string[] = [];
    for (let i = 0; i < CONVO_STARTERS_MAX; i++) list = addStarter(list, `s${i}`).list;
    expect(list).toHaveLength(CONVO_STARTERS_MAX);
    expect(addStarter(list, 'one more')).toEqual({ list, added: false, shake: true });
    // Even a blank Enter at the max shakes: the field is full.
    expect(addStarter(list, '').shake).toBe(true);
  });

  it(`keeps at most ${CONVO_STARTER_MAX_LENGTH} characters`, () => {
    const long = 'x'.repeat(CONVO_STARTER_MAX_LENGTH + 10);
    expect(addStarter([], long).list[0]).toHaveLength(CONVO_STARTER_MAX_LENGTH);
  });

  it('drops empty starters on save', () => {
    expect(cleanStarters(['', ' a ', '   ', 'b'])).toEqual(['a', 'b']);
  });
});

describe('retrieval-capable models (doc 3 §4)', () => {
  it('knows which models cannot use file search', () => {
    for (const model of ['gpt-4o', 'gpt-4.1-mini', 'claude-sonnet-4', 'gemini-2.5-pro', 'o3', 'llama3.1:8b'])
      expect(isRetrievalModel(model), model).toBe(true);
    for (const model of [
      'gpt-3.5-turbo-instruct',
      'o1-mini',
      'o1-preview',
      'text-embedding-3-small',
      'tts-1',
      'dall-e-3',
      '',
    ])
      expect(isRetrievalModel(model), model).toBe(false);
  });

  it('forces file search off when the model changes to one that is not retrieval-capable', () => {
    const form = { ...emptyAssistantForm('openAI', 'gpt-4o'), file_search: true };
    expect(withModel(form, 'gpt-4o-mini').file_search).toBe(true);
    expect(withModel(form, 'o1-mini').file_search).toBe(false);
    // …and it stays off when coming back: the user turns it on again.
    expect(withModel(withModel(form, 'o1-mini'), 'gpt-4o').file_search).toBe(false);
  });

  it('never saves file_search for a model that cannot use it', () => {
    const form = { ...emptyAssistantForm('openAI', 'o1-mini'), file_search: true };
    expect(assistantBody(form).tools).not.toContain('file_search');
  });
});

describe('validation (doc 3 §5)', () => {
  it('requires the model and bounds name, description and instructions', () => {
    const ok = emptyAssistantForm('openAI', 'gpt-4o');
    expect(validateAssistant(ok)).toEqual({});
    expect(validateAssistant({ ...ok, model: '' })).toEqual({ model: 'required' });
    expect(
      validateAssistant({
        ...ok,
        name: 'n'.repeat(ASSISTANT_LIMITS.name + 1),
        description: 'd'.repeat(ASSISTANT_LIMITS.description + 1),
        instructions: 'i'.repeat(ASSISTANT_LIMITS.instructions + 1),
      }),
    ).toEqual({ name: 'too_long', description: 'too_long', instructions: 'too_long' });
    expect(
      validateAssistant({
        ...ok,
        name: 'n'.repeat(256),
        description: 'd'.repeat(512),
        instructions: 'i'.repeat(32_768),
      }),
    ).toEqual({});
  });
});

describe('the agents API body', () => {
  it('is an agent of kind assistant with the capabilities as tools', () => {
    const form = {
      ...emptyAssistantForm('openAI', 'gpt-4o'),
      name: '  Tutor ',
      instructions: 'Teach',
      conversation_starters: ['Explain', ''],
      code_interpreter: true,
      file_search: true,
      image_vision: true,
      append_current_datetime: true,
    };
    const body = assistantBody(form);
    expect(body).toMatchObject({
      kind: 'assistant',
      provider: 'openAI',
      model: 'gpt-4o',
      name: 'Tutor',
      description: null,
      instructions: 'Teach',
      tools: ['execute_code', 'file_search'],
      model_parameters: { image_vision: true },
      conversation_starters: ['Explain'],
      append_current_datetime: true,
    });
  });

  it('keeps what the builder does not show when saving over an agent', () => {
    const base = agent();
    const form = { ...formFromAgent(base), file_search: false, code_interpreter: true };
    const body = assistantBody(form, base);
    expect(body.tools).toEqual(['web_search', 'execute_code']);
    expect(body.model_parameters).toEqual({ temperature: 0.2 });
    expect(body.tool_resources).toEqual(base.tool_resources);
  });

  it('reads an agent back into the form', () => {
    expect(formFromAgent(agent({ model_parameters: { image_vision: true } }))).toMatchObject({
      name: 'Helper',
      file_search: true,
      code_interpreter: false,
      image_vision: true,
      append_current_datetime: true,
      conversation_starters: ['Hi'],
    });
  });
});

describe('delete and avatar', () => {
  it('picks the first remaining assistant after a delete, or none', () => {
    expect(nextAfterDelete(['a', 'b', 'c'], 'a')).toBe('b');
    expect(nextAfterDelete(['a', 'b', 'c'], 'b')).toBe('a');
    expect(nextAfterDelete(['a'], 'a')).toBeNull();
  });

  it('takes png, jpeg, gif and webp up to the limit (2 MB when unset)', () => {
    expect(avatarProblem({ type: 'image/png', size: 1000 }, undefined)).toBe(false);
    expect(avatarProblem({ type: 'image/webp', size: 2 * 1024 * 1024 }, null)).toBe(false);
    expect(avatarProblem({ type: 'image/gif', size: 2 * 1024 * 1024 + 1 }, null)).toBe(true);
    expect(avatarProblem({ type: 'image/svg+xml', size: 10 }, null)).toBe(true);
    expect(avatarProblem({ type: 'image/jpeg', size: 3_000_000 }, 4_000_000)).toBe(false);
  });
});
