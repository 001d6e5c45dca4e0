import { describe, expect, it } from 'vitest';
import { isVisionModel } from './vision.ts';

describe('isVisionModel', () => {
  it.each([
    'gpt-4o',
    'gpt-4o-mini',
    'chatgpt-4o-latest',
    'gpt-4.1-mini',
    'gpt-5',
    'o1',
    'o3',
    'o4-mini',
    'claude-3-5-haiku-latest',
    'claude-sonnet-4-5',
    'anthropic.claude-sonnet-4-5-20250929-v1:0',
    'us.anthropic.claude-3-7-sonnet-20250219-v1:0',
    'gemini-2.5-flash',
    'amazon.nova-pro-v1:0',
    'llava:13b',
    'meta-llama/llama-4-scout',
    'qwen2.5-vl-72b-instruct',
  ])('%s reads images', (model) => expect(isVisionModel(model)).toBe(true));

  it.each([
    'gpt-3.5-turbo',
    'gpt-4',
    'o1-mini',
    'o3-mini',
    'llama-3.3-70b',
    'meta.llama3-1-70b-instruct-v1:0',
    'mistral.mistral-large-2407-v1:0',
    'deepseek-chat',
    'text-davinci-003',
  ])('%s does not', (model) => expect(isVisionModel(model)).toBe(false));
});
