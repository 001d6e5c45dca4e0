import { describe, expect, it } from 'vitest';
import { agent } from '../../testing/fixtures.ts';
import {
  type AgentForm,
  addStarter,
  addToChain,
  agentProviders,
  boundRecursion,
  canDuplicateAgent,
  canEditAgent,
  canShareAgent,
  chainChoices,
  chainFull,
  emptyForm,
  formBody,
  formFromAgent,
  nextAfterDelete,
  removeFromChain,
  setCollaborative,
  setShared,
  setStarter,
  sharingOf,
  sharingPatch,
  switchProvider,
  toggleApproval,
  toggleTool,
  validateForm,
} from './agent-form.ts';

const author = { id: 'u1', role: 'USER' };
const other = { id: 'u2', role: 'USER' };
const admin = { id: 'u3', role: 'ADMIN' };

describe('validateForm', () => {
  const valid = { ...emptyForm(), instructions: 'Do it', provider: 'openAI', model: 'gpt-4o' };

  it('accepts a form with instructions, provider and model', () => {
    expect(validateForm(valid)).toEqual({});
  });

  it('requires instructions (blank counts as missing)', () => {
    expect(validateForm({ ...valid, instructions: '  ' }).instructions).toBe('com_ui_field_required');
  });

  it('needs both provider and model', () => {
    expect(validateForm({ ...valid, provider: '' }).model).toBe('com_agents_missing_provider_model');
    expect(validateForm({ ...valid, model: '' }).model).toBe('com_agents_missing_provider_model');
  });

  it('bounds the name at 256 and the description at 512', () => {
    expect(validateForm({ ...valid, name: 'x'.repeat(256), description: 'y'.repeat(512) })).toEqual({});
    const errors = validateForm({ ...valid, name: 'x'.repeat(257), description: 'y'.repeat(513) });
    expect(errors.name).toBe('com_agents_name_too_long');
    expect(errors.description).toBe('com_agents_description_too_long');
  });
});

describe('who may do what', () => {
  it('edits when new, collaborative, the author or an admin', () => {
    expect(canEditAgent(null, other)).toBe(true);
    expect(canEditAgent(agent(), author)).toBe(true);
    expect(canEditAgent(agent(), admin)).toBe(true);
    expect(canEditAgent(agent(), other)).toBe(false);
    expect(canEditAgent(agent({ isCollaborative: true }), other)).toBe(true);
  });

  it('shares as the author, or as an admin with SHARED_GLOBAL', () => {
    expect(canShareAgent(agent(), author, false)).toBe(true);
    expect(canShareAgent(agent(), admin, false)).toBe(false);
    expect(canShareAgent(agent(), admin, true)).toBe(true);
    expect(canShareAgent(agent(), other, true)).toBe(false);
    expect(canShareAgent(null, author, true)).toBe(false);
  });

  it('duplicates as the author only', () => {
    expect(canDuplicateAgent(agent(), author)).toBe(true);
    expect(canDuplicateAgent(agent(), admin)).toBe(false);
    expect(canDuplicateAgent(null, author)).toBe(false);
  });
});

describe('sharing', () => {
  it('reads shared from the instance project', () => {
    expect(sharingOf(agent({ projectIds: ['inst'], isCollaborative: true }), 'inst')).toEqual({
      shared: true,
      collaborative: true,
    });
    expect(sharingOf(agent({ projectIds: ['other'] }), 'inst').shared).toBe(false);
  });

  it('turning sharing off turns collaborative off', () => {
    expect(setShared({ shared: true, collaborative: true }, false)).toEqual({
      shared: false,
      collaborative: false,
    });
    expect(setShared({ shared: false, collaborative: false }, true)).toEqual({
      shared: true,
      collaborative: false,
    });
  });

  it('allows editing only while shared', () => {
    expect(setCollaborative({ shared: false, collaborative: false }, true).collaborative).toBe(false);
    expect(setCollaborative({ shared: true, collaborative: false }, true).collaborative).toBe(true);
  });

  it('adds the instance project when shared and removes only it when not', () => {
    const a = agent({ projectIds: ['team'] });
    expect(sharingPatch(a, { shared: true, collaborative: true }, 'inst')).toEqual({
      projectIds: ['team', 'inst'],
      isCollaborative: true,
    });
    expect(
      sharingPatch(agent({ projectIds: ['team', 'inst'] }), { shared: false, collaborative: true }, 'inst'),
    ).toEqual({
      projectIds: ['team'],
      isCollaborative: false,
    });
  });
});

describe('provider and model', () => {
  it('keeps the model when the new provider offers it, else takes its first model', () => {
    const form = {
      ...emptyForm(),
      provider: 'openAI',
      model: 'gpt-4o',
      model_parameters: { temperature: 1 },
    };
    expect(switchProvider(form, 'azure', ['gpt-4', 'gpt-4o'])).toMatchObject({
      provider: 'azure',
      model: 'gpt-4o',
    });
    const next = switchProvider(form, 'anthropic', ['claude-3', 'claude-4']);
    expect(next).toMatchObject({ provider: 'anthropic', model: 'claude-3', model_parameters: {} });
    expect(switchProvider(form, 'empty', []).model).toBe('');
    expect(switchProvider(form, 'openAI', ['x'])).toBe(form);
  });

  it('lists providers without agents, ChatGPT browser and plugins, filtered by allowedProviders', () => {
    const options = ['openAI', 'agents', 'chatGPTBrowser', 'gptPlugins', 'anthropic', 'Ollama'].map(
      (name) => ({
        name,
      }),
    );
    expect(agentProviders(options, undefined).map((o) => o.name)).toEqual(['openAI', 'anthropic', 'Ollama']);
    expect(agentProviders(options, ['ollama', 'openAI']).map((o) => o.name)).toEqual(['openAI', 'Ollama']);
  });

  it('bounds the recursion limit by the maximum', () => {
    expect(boundRecursion('', 50)).toBeNull();
    expect(boundRecursion('30', 50)).toBe(30);
    expect(boundRecursion('500', 50)).toBe(50);
    expect(boundRecursion('0', 50)).toBe(1);
    expect(boundRecursion('abc', 50)).toBeNull();
  });
});

describe('chain', () => {
  const others = Array.from({ length: 12 }, (_, i) => ({ id: `a${i}` }));

  it('never offers the current agent or one already chained', () => {
    const form = { ...emptyForm(), id: 'a0', agent_ids: ['a1'] };
    expect(chainChoices(others, form).map((a) => a.id)).not.toContain('a0');
    expect(chainChoices(others, form).map((a) => a.id)).not.toContain('a1');
  });

  it('stops at 10', () => {
    let form: AgentForm = { ...emptyForm(), id: 'self' };
    for (const a of others) form = addToChain(form, a.id);
    expect(form.agent_ids).toHaveLength(10);
    expect(chainFull(form)).toBe(true);
    expect(addToChain(form, 'x')).toBe(form);
    expect(chainFull(removeFromChain(form, 0))).toBe(false);
    expect(addToChain({ ...emptyForm(), id: 'self' }, 'self').agent_ids).toEqual([]);
  });
});

describe('form ↔ agent', () => {
  it('loads an agent and sends what a save needs, dropping blank starters and the agent itself', () => {
    const form = formFromAgent(
      agent({
        conversation_starters: ['Hi', ' ', 'Go'],
        agent_ids: ['agent_1', 'agent_2'],
        tools: ['file_search'],
      }),
    );
    const body = formBody({ ...form, require_approval: ['file_search', 'web_search'] });
    expect(body.conversation_starters).toEqual(['Hi', 'Go']);
    expect(body.agent_ids).toEqual(['agent_2']);
    expect(body.require_approval).toEqual(['file_search']);
    expect(body).toMatchObject({
      name: 'Helper',
      instructions: 'Be kind',
      provider: 'openAI',
      model: 'gpt-4o',
    });
    expect(formBody({ ...emptyForm(), name: '  ' }).name).toBeNull();
  });

  it('caps starters at 4 of 64 characters', () => {
    let form = emptyForm();
    for (let i = 0; i < 6; i++) form = addStarter(form);
    expect(form.conversation_starters).toHaveLength(4);
    expect(setStarter(form, 0, 'x'.repeat(80)).conversation_starters[0]).toHaveLength(64);
  });

  it('asks approval only for tools the agent has, and drops it with the tool', () => {
    let form = toggleApproval(emptyForm(), 'web_search', true);
    expect(form.require_approval).toEqual([]);
    form = toggleApproval(toggleTool(form, 'web_search', true), 'web_search', true);
    expect(form.require_approval).toEqual(['web_search']);
    expect(toggleTool(form, 'web_search', false)).toMatchObject({ tools: [], require_approval: [] });
  });

  it('selects the first remaining agent after a delete, or none', () => {
    expect(nextAfterDelete([{ id: 'a' }, { id: 'b' }], 'a')).toEqual({ id: 'b' });
    expect(nextAfterDelete([{ id: 'a' }], 'a')).toBeNull();
  });
});
