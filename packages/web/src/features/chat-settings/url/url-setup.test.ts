import type { EndpointsConfig, ModelSpecsConfig } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { buildEndpointOptions } from '../endpoint-options.ts';
import { resolveUrlSettings } from './url-settings.ts';
import { coerce, parseUrlSetup } from './url-setup.ts';

const endpoints: EndpointsConfig = {
  openAI: { order: 0, userProvide: false },
  Ollama: { order: 1, type: 'custom', userProvide: false },
};
const options = buildEndpointOptions(endpoints, { openAI: ['gpt-4o', 'gpt-4'], Ollama: ['llama3'] });
const specs: ModelSpecsConfig = {
  enforce: false,
  prioritize: false,
  list: [{ name: 'fast', label: 'Fast', preset: { endpoint: 'openAI', model: 'gpt-4' } }],
};
const current = { endpoint: 'openAI', model: 'gpt-4o', params: { top_p: 0.5 } };

describe('parseUrlSetup', () => {
  it('reads prompt or q, submit, and coerces settings', () => {
    const setup = parseUrlSetup('?q=Hello%20there&submit=true&temperature=0.4&useResponsesApi=true&x=1');
    expect(setup).toEqual({
      prompt: 'Hello there',
      submit: true,
      settings: { temperature: 0.4, useResponsesApi: true },
      unknown: ['x'],
    });
    expect(parseUrlSetup('?prompt=Hi&model=4')?.settings).toEqual({ model: '4' });
    expect(parseUrlSetup('')).toBeNull();
  });
  it('coerces true, false and numbers only', () => {
    expect([coerce('true'), coerce('false'), coerce('1.5'), coerce('abc'), coerce('')]).toEqual([
      true,
      false,
      1.5,
      'abc',
      '',
    ]);
  });
});

describe('resolveUrlSettings', () => {
  const ctx = { options, specs, current };
  it('matches custom endpoint names without regard to case', () => {
    expect(resolveUrlSettings({ endpoint: 'ollama' }, ctx)).toEqual({
      next: { endpoint: 'Ollama', model: 'llama3', params: {} },
      dropped: [],
    });
  });
  it('drops invalid values with their keys and keeps the rest', () => {
    const { next, dropped } = resolveUrlSettings(
      { endpoint: 'openAI', model: 'nope', temperature: 9, top_p: 0.9, agent_id: 'a1' },
      ctx,
    );
    expect(dropped.sort()).toEqual(['agent_id', 'model', 'temperature']);
    expect(next).toEqual({ endpoint: 'openAI', model: 'gpt-4o', params: { top_p: 0.9 } });
  });
  it('applies a spec and parameters onto the current chat', () => {
    expect(resolveUrlSettings({ spec: 'FAST' }, ctx).next).toMatchObject({ spec: 'fast', model: 'gpt-4' });
    expect(resolveUrlSettings({ temperature: 0.3 }, ctx).next).toEqual({
      ...current,
      params: { top_p: 0.5, temperature: 0.3 },
    });
  });
  it('finds the endpoint of a model given alone', () => {
    expect(resolveUrlSettings({ model: 'llama3' }, ctx).next).toMatchObject({ endpoint: 'Ollama' });
  });
});
