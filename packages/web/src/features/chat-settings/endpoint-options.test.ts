import type { EndpointsConfig } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { buildEndpointOptions, filterOptions, resolveChoice } from './endpoint-options.ts';

const endpoints: EndpointsConfig = {
  anthropic: { order: 2, userProvide: false },
  openAI: { order: 1, userProvide: false },
  Ollama: { order: 3, type: 'custom', userProvide: false, modelDisplayLabel: 'Local' },
  google: { order: 4, userProvide: false },
};
const models = {
  openAI: ['gpt-4o', 'gpt-4o-mini'],
  anthropic: ['claude-sonnet'],
  Ollama: ['llama3'],
};

describe('buildEndpointOptions', () => {
  it('orders endpoints and labels them', () => {
    const options = buildEndpointOptions(endpoints, models);
    expect(options.map((o) => o.label)).toEqual(['OpenAI', 'Anthropic', 'Local', 'Google']);
    expect(options[2].type).toBe('custom');
    expect(options[3].models).toEqual([]);
  });
  it('is empty without endpoints', () => {
    expect(buildEndpointOptions(undefined, models)).toEqual([]);
  });
});

describe('resolveChoice', () => {
  const options = buildEndpointOptions(endpoints, models);
  it('keeps a valid stored choice', () => {
    expect(resolveChoice(options, { endpoint: 'anthropic', model: 'claude-sonnet' })).toEqual({
      endpoint: 'anthropic',
      model: 'claude-sonnet',
    });
  });
  it('falls back to the first endpoint with models', () => {
    expect(resolveChoice(options, { endpoint: 'anthropic', model: 'gone' })).toEqual({
      endpoint: 'openAI',
      model: 'gpt-4o',
    });
    expect(resolveChoice(options, null)).toEqual({ endpoint: 'openAI', model: 'gpt-4o' });
    expect(resolveChoice([], null)).toBeNull();
  });
});

describe('filterOptions', () => {
  it('filters models, or keeps all of an endpoint whose label matches', () => {
    const options = buildEndpointOptions(endpoints, models);
    expect(filterOptions(options, 'mini').map((o) => [o.name, o.models])).toEqual([
      ['openAI', ['gpt-4o-mini']],
    ]);
    expect(filterOptions(options, 'anthro').map((o) => o.models)).toEqual([['claude-sonnet']]);
    expect(filterOptions(options, '')).toHaveLength(4);
  });
});
