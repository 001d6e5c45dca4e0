import { describe, expect, it } from 'vitest';
import {
  bedrockProvider,
  isReasoningModel,
  type ParameterSetting,
  parameterFamily,
  parameterSettings,
  STOP_SEQUENCES_MAX,
  settingDefault,
} from './parameter-settings.ts';

const keys = (list: ParameterSetting[]) => list.map((s) => s.key);
const find = (list: ParameterSetting[], key: string) => {
  const setting = list.find((s) => s.key === key);
  if (!setting) throw new Error(`no setting ${key}`);
  return setting;
};

describe('parameterFamily', () => {
  it('maps built-in endpoints and treats unknown names as OpenAI-compatible', () => {
    expect(parameterFamily({ endpoint: 'openAI' })).toBe('openai');
    expect(parameterFamily({ endpoint: 'azureOpenAI' })).toBe('azure');
    expect(parameterFamily({ endpoint: 'anthropic' })).toBe('anthropic');
    expect(parameterFamily({ endpoint: 'google' })).toBe('google');
    expect(parameterFamily({ endpoint: 'bedrock' })).toBe('bedrock');
    expect(parameterFamily({ endpoint: 'Mistral', endpointType: 'custom' })).toBe('custom');
    expect(parameterFamily({ endpoint: 'groq' })).toBe('custom');
    expect(parameterFamily({ endpoint: 'agents' })).toBeNull();
  });

  it('lets a custom endpoint speak Anthropic through its provider or an explicit family', () => {
    expect(parameterFamily({ endpoint: 'claude', endpointType: 'custom', provider: 'anthropic' })).toBe(
      'anthropic',
    );
    expect(parameterFamily({ endpoint: 'claude', endpointType: 'custom', family: 'anthropic' })).toBe(
      'anthropic',
    );
  });
});

describe('parameterSettings', () => {
  it('OpenAI: the OpenAI list, reasoning effort only for reasoning models', () => {
    const plain = parameterSettings({ endpoint: 'openAI', model: 'gpt-4o' });
    expect(keys(plain)).toEqual([
      'promptPrefix',
      'temperature',
      'top_p',
      'frequency_penalty',
      'presence_penalty',
      'max_tokens',
      'stop',
      'useResponsesApi',
      'maxContextTokens',
    ]);
    expect(find(plain, 'temperature')).toMatchObject({ component: 'slider', min: 0, max: 2, default: 1 });
    expect(find(plain, 'frequency_penalty')).toMatchObject({ min: -2, max: 2, step: 0.01, default: 0 });
    expect(find(plain, 'max_tokens')).toMatchObject({ component: 'number' });
    expect(settingDefault(find(plain, 'max_tokens'))).toBeUndefined();
    expect(find(plain, 'stop')).toMatchObject({ component: 'tags', minTags: 0, maxTags: STOP_SEQUENCES_MAX });

    const reasoning = parameterSettings({ endpoint: 'openAI', model: 'o3-mini' });
    expect(find(reasoning, 'reasoning_effort')).toMatchObject({
      component: 'dropdown',
      options: [{ value: 'low' }, { value: 'medium' }, { value: 'high' }],
    });
  });

  it('recognises reasoning models by name', () => {
    for (const m of ['o1', 'o1-mini', 'o3', 'o4-mini', 'gpt-5', 'gpt-5-mini', 'openai/o3']) {
      expect(isReasoningModel(m), m).toBe(true);
    }
    for (const m of ['gpt-4o', 'gpt-4.1-mini', 'llama-3-o1x', 'claude-3-opus']) {
      expect(isReasoningModel(m), m).toBe(false);
    }
  });

  it('custom OpenAI-compatible: no Responses API switch; Azure keeps it', () => {
    const custom = parameterSettings({ endpoint: 'groq', endpointType: 'custom', model: 'gpt-5' });
    expect(keys(custom)).not.toContain('useResponsesApi');
    expect(keys(custom)).toContain('reasoning_effort');
    expect(keys(parameterSettings({ endpoint: 'azureOpenAI', model: 'gpt-4o' }))).toContain(
      'useResponsesApi',
    );
  });

  it('Anthropic (and custom endpoints speaking it)', () => {
    const expected = [
      'promptPrefix',
      'temperature',
      'top_p',
      'topK',
      'maxOutputTokens',
      'stop',
      'thinking',
      'thinkingBudget',
      'maxContextTokens',
    ];
    const list = parameterSettings({ endpoint: 'anthropic', model: 'claude-sonnet-4-5' });
    expect(keys(list)).toEqual(expected);
    expect(find(list, 'temperature')).toMatchObject({ min: 0, max: 1, default: 1 });
    expect(find(list, 'top_p')).toMatchObject({ default: 0.999 });
    expect(find(list, 'topK')).toMatchObject({ min: 0, max: 500, step: 1 });
    expect(find(list, 'thinkingBudget')).toMatchObject({ min: 1024, max: 32_000, default: 2048 });
    expect(find(list, 'thinking')).toMatchObject({ component: 'switch', default: false });
    const custom = parameterSettings({
      endpoint: 'claude',
      endpointType: 'custom',
      provider: 'anthropic',
      model: 'claude-3-5-haiku',
    });
    expect(keys(custom)).toEqual(expected);
  });

  it('Google', () => {
    const list = parameterSettings({ endpoint: 'google', model: 'gemini-2.5-flash' });
    expect(keys(list)).toEqual([
      'promptPrefix',
      'temperature',
      'top_p',
      'topK',
      'maxOutputTokens',
      'stop',
      'thinking',
      'thinkingBudget',
      'maxContextTokens',
    ]);
    expect(find(list, 'temperature')).toMatchObject({ max: 2, default: 1 });
    expect(find(list, 'top_p')).toMatchObject({ default: 0.95 });
    expect(find(list, 'topK')).toMatchObject({ min: 1, max: 40, default: 40 });
    expect(find(list, 'maxOutputTokens')).toMatchObject({ min: 1, max: 65_536, default: 8192 });
  });

  it('agents have no parameters panel', () => {
    expect(parameterSettings({ endpoint: 'agents', model: 'x' })).toEqual([]);
  });

  it('every setting has a label key and sensible ranges', () => {
    const lists = [
      parameterSettings({ endpoint: 'openAI', model: 'o3' }),
      parameterSettings({ endpoint: 'anthropic', model: 'claude' }),
      parameterSettings({ endpoint: 'google', model: 'gemini' }),
      parameterSettings({ endpoint: 'bedrock', model: 'anthropic.claude', regions: ['a', 'b'] }),
    ];
    for (const s of lists.flat()) {
      expect(s.labelKey).toMatch(/^com_param_/);
      if (s.component === 'slider') {
        expect(s.min).toBeLessThan(s.max);
        expect(s.default).toBeGreaterThanOrEqual(s.min);
        expect(s.default).toBeLessThanOrEqual(s.max);
      }
    }
  });
});

describe('Bedrock', () => {
  it('finds the provider, with or without an inference profile prefix', () => {
    expect(bedrockProvider('anthropic.claude-3-5-haiku-20241022-v1:0')).toBe('anthropic');
    expect(bedrockProvider('us.anthropic.claude-sonnet-4-5-20250929-v1:0')).toBe('anthropic');
    expect(bedrockProvider('global.anthropic.claude-sonnet-4')).toBe('anthropic');
    expect(bedrockProvider('mistral.mistral-large-2407-v1:0')).toBe('mistral');
    expect(bedrockProvider('cohere.command-r-plus-v1:0')).toBe('cohere');
    expect(bedrockProvider('us.meta.llama3-2-90b-instruct-v1:0')).toBe('meta');
    expect(bedrockProvider('ai21.jamba-1-5-large-v1:0')).toBe('ai21');
    expect(bedrockProvider('amazon.nova-pro-v1:0')).toBe('amazon');
    expect(bedrockProvider('us.deepseek.r1-v1:0')).toBe('deepseek');
    expect(bedrockProvider('writer.palmyra-x5')).toBe('other');
  });

  const defaults = (model: string) => {
    const list = parameterSettings({ endpoint: 'bedrock', model });
    return { temperature: find(list, 'temperature'), top_p: find(list, 'top_p'), list };
  };

  it('uses per-provider defaults with temperature 0 to 1 step 0.01', () => {
    const cases: [string, number, number][] = [
      ['anthropic.claude-3-5-haiku-20241022-v1:0', 1, 0.999],
      ['us.anthropic.claude-sonnet-4-5-20250929-v1:0', 1, 0.999],
      ['mistral.mistral-large-2407-v1:0', 0.7, 1],
      ['cohere.command-r-v1:0', 0.3, 0.75],
      ['meta.llama3-1-70b-instruct-v1:0', 0.5, 0.9],
      ['ai21.jamba-instruct-v1:0', 0.5, 0.9],
      ['amazon.nova-pro-v1:0', 0.5, 0.9],
      ['deepseek.r1-v1:0', 0.5, 0.9],
    ];
    for (const [model, temperature, topP] of cases) {
      const d = defaults(model);
      expect(d.temperature, model).toMatchObject({ min: 0, max: 1, step: 0.01, default: temperature });
      expect(settingDefault(d.top_p), model).toBe(topP);
    }
  });

  it('Cohere topP ranges 0.01 to 0.99', () => {
    expect(defaults('cohere.command-r-v1:0').top_p).toMatchObject({ min: 0.01, max: 0.99 });
    expect(defaults('meta.llama3').top_p).toMatchObject({ min: 0, max: 1 });
  });

  it('topK and thinking only for Anthropic models', () => {
    const claude = keys(defaults('us.anthropic.claude-sonnet-4').list);
    expect(claude).toEqual(expect.arrayContaining(['topK', 'thinking', 'thinkingBudget']));
    const nova = keys(defaults('amazon.nova-pro-v1:0').list);
    for (const key of ['topK', 'thinking', 'thinkingBudget']) expect(nova).not.toContain(key);
    expect(nova).toEqual(
      expect.arrayContaining(['promptPrefix', 'maxOutputTokens', 'stop', 'maxContextTokens']),
    );
    expect(find(defaults('amazon.nova-pro-v1:0').list, 'maxOutputTokens').component).toBe('number');
  });

  it('shows a region dropdown only with two or more regions', () => {
    const model = 'amazon.nova-pro-v1:0';
    expect(keys(parameterSettings({ endpoint: 'bedrock', model, regions: ['us-east-1'] }))).not.toContain(
      'region',
    );
    const list = parameterSettings({ endpoint: 'bedrock', model, regions: ['us-east-1', 'eu-west-1'] });
    expect(find(list, 'region')).toMatchObject({
      component: 'dropdown',
      options: [{ value: 'us-east-1' }, { value: 'eu-west-1' }],
    });
  });
});
