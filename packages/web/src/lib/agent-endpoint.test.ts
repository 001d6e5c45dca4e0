import type { EndpointsConfig } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { agentCapabilities } from './agent-capabilities.ts';
import {
  agentProviders,
  agentsBuilderDisabled,
  agentsOffered,
  defaultAssistantProvider,
} from './agent-endpoint.ts';

const ep = (order: number, extra: Record<string, unknown> = {}) => ({ order, userProvide: false, ...extra });

describe('agents endpoint config', () => {
  const endpoints = {
    anthropic: ep(2),
    openAI: ep(1),
    agents: ep(9, { capabilities: ['file_search'], disableBuilder: true }),
    assistants: ep(8),
    ollama: ep(3, { type: 'custom' }),
  } as EndpointsConfig;

  it('lists the providers an agent may run on, in menu order', () => {
    expect(agentProviders(endpoints)).toEqual(['openAI', 'anthropic', 'ollama']);
    const only = {
      ...endpoints,
      agents: ep(9, { allowedProviders: ['ollama', 'anthropic'] }),
    } as EndpointsConfig;
    expect(agentProviders(only)).toEqual(['anthropic', 'ollama']);
    expect(agentProviders(undefined)).toEqual([]);
  });

  it('puts assistants on OpenAI, else the first allowed provider', () => {
    expect(defaultAssistantProvider(['anthropic', 'openAI'])).toBe('openAI');
    expect(defaultAssistantProvider(['anthropic', 'ollama'])).toBe('anthropic');
    expect(defaultAssistantProvider([])).toBeNull();
  });

  it('reads capabilities (LibreChat defaults when unset) and the builder switch', () => {
    expect([...agentCapabilities(endpoints)]).toEqual(['file_search']);
    expect(agentCapabilities({ agents: ep(1) } as EndpointsConfig).has('execute_code')).toBe(true);
    expect(agentsBuilderDisabled(endpoints)).toBe(true);
    expect(agentsOffered(endpoints)).toBe(true);
    expect(agentsOffered({ openAI: ep(1) } as EndpointsConfig)).toBe(false);
  });
});
