import { describe, expect, it } from 'vitest';
import { endpointLabel } from './endpoint-label.ts';

describe('endpointLabel', () => {
  it('prefers the configured label, then friendly names, then the raw name', () => {
    expect(endpointLabel('openAI', { modelDisplayLabel: 'GPT' })).toBe('GPT');
    expect(endpointLabel('openAI')).toBe('OpenAI');
    expect(endpointLabel('anthropic')).toBe('Anthropic');
    expect(endpointLabel('google')).toBe('Google');
    expect(endpointLabel('Ollama')).toBe('Ollama');
  });
});
