import type { EndpointsConfig, ModelSpecsConfig } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import {
  initialSettings,
  patchParams,
  settingsFromSpec,
  specFixedKeys,
  switchModel,
  usableSettings,
  withEndpointType,
} from './chat-settings.ts';
import { buildEndpointOptions } from './endpoint-options.ts';

const endpoints: EndpointsConfig = {
  openAI: { order: 0, userProvide: false },
  anthropic: { order: 1, userProvide: false },
};
const options = buildEndpointOptions(endpoints, {
  openAI: ['gpt-3.5-turbo', 'gpt-4', 'gpt-4o'],
  anthropic: ['claude-sonnet'],
});
const specs: ModelSpecsConfig = {
  enforce: false,
  prioritize: false,
  list: [
    {
      name: 'writer',
      label: 'Writer',
      default: true,
      preset: { endpoint: 'anthropic', model: 'claude-sonnet', temperature: 0.2 },
    },
  ],
};

describe('initialSettings', () => {
  it('uses the default spec when nothing was chosen', () => {
    expect(initialSettings(options, specs, null, false)).toEqual({
      endpoint: 'anthropic',
      model: 'claude-sonnet',
      spec: 'writer',
      params: { temperature: 0.2 },
    });
  });
  it('keeps the last choice unless specs are prioritized', () => {
    const stored = { endpoint: 'openAI', model: 'gpt-4o' };
    expect(initialSettings(options, specs, stored, false)).toMatchObject({ model: 'gpt-4o' });
    expect(initialSettings(options, { ...specs, prioritize: true }, stored, false)).toMatchObject({
      spec: 'writer',
    });
  });
  it('simple mode starts on Balanced (gpt-4) unless a tier was chosen', () => {
    expect(initialSettings(options, undefined, null, true)).toMatchObject({ model: 'gpt-4' });
    expect(initialSettings(options, undefined, { endpoint: 'openAI', model: 'gpt-4o' }, true)).toMatchObject({
      model: 'gpt-4o',
    });
  });
  it('falls back to the first offered model', () => {
    expect(initialSettings(options, undefined, { endpoint: 'gone', model: 'x' }, false)).toEqual({
      endpoint: 'openAI',
      model: 'gpt-3.5-turbo',
      params: {},
    });
  });
});

describe('usableSettings', () => {
  const fallback = () => ({ endpoint: 'openAI', model: 'gpt-4', params: {} });
  it('replaces a model that is no longer offered by the endpoint first model', () => {
    expect(
      usableSettings({ endpoint: 'anthropic', model: 'old', params: {} }, options, undefined, fallback),
    ).toMatchObject({ endpoint: 'anthropic', model: 'claude-sonnet' });
  });
  it('falls back for an unknown spec, and for any plain model when specs are enforced', () => {
    const plain = { endpoint: 'openAI', model: 'gpt-4o', params: {} };
    expect(usableSettings({ ...plain, spec: 'nope' }, options, specs, fallback)?.model).toBe('gpt-4');
    expect(usableSettings(plain, options, { ...specs, enforce: true }, fallback)?.model).toBe('gpt-4');
    expect(usableSettings(plain, options, specs, fallback)?.model).toBe('gpt-4o');
  });
});

describe('switching and parameters', () => {
  it('keeps parameters within an endpoint, resets them across endpoints', () => {
    const current = { endpoint: 'openAI', model: 'gpt-4', params: { temperature: 0.5 } };
    expect(switchModel(current, 'openAI', 'gpt-4o').params).toEqual({ temperature: 0.5 });
    expect(switchModel(current, 'anthropic', 'claude-sonnet').params).toEqual({});
  });
  it('a spec fixes its preset parameters', () => {
    expect([...specFixedKeys(specs, 'writer')]).toEqual(['temperature']);
    expect(settingsFromSpec(specs.list[0], options).spec).toBe('writer');
  });
  it('unset values are dropped', () => {
    expect(patchParams({ temperature: 1, top_p: 0.5 }, { temperature: undefined })).toEqual({ top_p: 0.5 });
  });
});

describe('withEndpointType', () => {
  const custom = buildEndpointOptions(
    { ...endpoints, groq: { order: 2, userProvide: false, type: 'custom' } },
    { openAI: ['gpt-4o'], groq: ['llama-3'] },
  );
  it('carries the endpoint type the server routes custom endpoints by', () => {
    expect(withEndpointType({ endpoint: 'groq', model: 'llama-3', params: {} }, custom)).toEqual({
      endpoint: 'groq',
      endpointType: 'custom',
      model: 'llama-3',
      params: {},
    });
  });
  it('leaves a built-in endpoint without one, and returns the same object when nothing changes', () => {
    const settings = { endpoint: 'openAI', model: 'gpt-4o', params: {} };
    expect(withEndpointType(settings, custom)).toBe(settings);
    expect(withEndpointType({ ...settings, endpointType: 'custom' }, custom).endpointType).toBeUndefined();
  });
});
