import type { EndpointsConfig } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { convo } from '../../testing/fixtures.ts';
import { settingsForAgent, settingsFromConvo, switchModel, usableSettings } from './chat-settings.ts';
import { buildEndpointOptions } from './endpoint-options.ts';
import { resolveUrlSettings } from './url/url-settings.ts';

const withAgents: EndpointsConfig = {
  openAI: { order: 0, userProvide: false },
  agents: { order: 1, userProvide: false },
};
const options = buildEndpointOptions(withAgents, { openAI: ['gpt-4o'] });
const noAgents = buildEndpointOptions({ openAI: { order: 0, userProvide: false } }, { openAI: ['gpt-4o'] });
const fallback = () => ({ endpoint: 'openAI', model: 'gpt-4o', params: {} });

describe('agent chats', () => {
  it('run on the agents endpoint with the agent id and its model', () => {
    expect(settingsForAgent({ id: 'agent_1', model: 'claude' })).toEqual({
      endpoint: 'agents',
      model: 'claude',
      agent_id: 'agent_1',
      spec: null,
      params: {},
    });
    // A send needs a model; until the agent is loaded its id stands in.
    expect(settingsForAgent({ id: 'agent_1' }).model).toBe('agent_1');
  });

  it('a conversation with agent_id reopens with its agent', () => {
    expect(
      settingsFromConvo(convo({ endpoint: 'agents', model: 'gpt-4o', agent_id: 'agent_9' })),
    ).toMatchObject({
      endpoint: 'agents',
      agent_id: 'agent_9',
    });
  });

  it('stay usable while the server offers the agents endpoint, though it lists no models', () => {
    const agentChat = settingsForAgent({ id: 'agent_1', model: 'x' });
    expect(usableSettings(agentChat, options, undefined, fallback)).toBe(agentChat);
    expect(usableSettings(agentChat, noAgents, undefined, fallback)).toEqual(fallback());
  });

  it('switching to a model leaves the agent', () => {
    expect(switchModel(settingsForAgent({ id: 'agent_1' }), 'openAI', 'gpt-4o').agent_id).toBeUndefined();
  });

  it('agent_id in a chat link forces the agents endpoint (doc 1 §2)', () => {
    const { next, dropped } = resolveUrlSettings(
      { agent_id: 'agent_1', endpoint: 'openAI', model: 'gpt-4o' },
      { options, current: fallback() },
    );
    expect(next).toMatchObject({ endpoint: 'agents', agent_id: 'agent_1' });
    expect(dropped).toEqual([]);
    expect(resolveUrlSettings({ agent_id: 'agent_1' }, { options: noAgents, current: null }).dropped).toEqual(
      ['agent_id'],
    );
  });
});
