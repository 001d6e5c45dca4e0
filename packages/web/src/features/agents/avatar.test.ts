import { describe, expect, it } from 'vitest';
import { missingAuthFields, needsKeys } from '../../lib/tool-auth.ts';
import { avatarProblem, formatLimit } from './avatar.ts';
import { agentsEndpoint, builderAllowed } from './capabilities.ts';

const MB = 1024 * 1024;

describe('avatarProblem', () => {
  it('accepts png, jpg, jpeg, gif and webp within the limit', () => {
    for (const [name, type] of [
      ['a.png', 'image/png'],
      ['a.jpg', 'image/jpeg'],
      ['a.gif', 'image/gif'],
      ['a.webp', 'image/webp'],
      ['a.jpeg', ''],
    ])
      expect(avatarProblem({ name, type, size: MB }, undefined)).toBeNull();
  });

  it('names the limit (2 MB by default) for another type or a larger file', () => {
    expect(avatarProblem({ name: 'a.svg', type: 'image/svg+xml', size: 10 })).toBe('2 MB');
    expect(avatarProblem({ name: 'a.png', type: 'image/png', size: 2 * MB + 1 })).toBe('2 MB');
    expect(avatarProblem({ name: 'a.png', type: 'image/png', size: 2 * MB + 1 }, 5 * MB)).toBeNull();
    expect(formatLimit(1.5 * MB)).toBe('1.5 MB');
  });
});

describe('agents endpoint', () => {
  it('reads the capabilities, the builder switch and the limits', () => {
    expect(agentsEndpoint({ openAI: { order: 0, userProvide: false } })).toBeNull();
    const entry = agentsEndpoint({
      agents: {
        order: 1,
        userProvide: false,
        disableBuilder: true,
        capabilities: ['file_search'],
        maxRecursionLimit: 40,
      } as never,
    });
    expect(entry?.disableBuilder).toBe(true);
    expect([...(entry?.capabilities ?? [])]).toEqual(['file_search']);
    expect(entry?.maxRecursionLimit).toBe(40);
    // Absent capabilities mean LibreChat's defaults.
    expect(agentsEndpoint({ agents: { order: 1, userProvide: false } })?.capabilities.has('chain')).toBe(
      true,
    );
  });

  it('offers the builder with the endpoint, USE and CREATE, and the builder on', () => {
    const on = agentsEndpoint({ agents: { order: 1, userProvide: false } });
    expect(builderAllowed(on, true, true)).toBe(true);
    expect(builderAllowed(on, true, false)).toBe(false);
    expect(builderAllowed(on, false, true)).toBe(false);
    expect(builderAllowed(null, true, true)).toBe(false);
    expect(builderAllowed(on && { ...on, disableBuilder: true }, true, true)).toBe(false);
  });
});

describe('tool keys', () => {
  const fields = [
    { authField: 'SERPER_API_KEY', label: 'Serper API key', description: '' },
    { authField: 'JINA_API_KEY', label: 'Jina API key', description: '' },
  ];
  it('requires every field', () => {
    expect(missingAuthFields(fields, { SERPER_API_KEY: 'k', JINA_API_KEY: ' ' }).map((f) => f.label)).toEqual(
      ['Jina API key'],
    );
  });
  it('asks for keys only when the tool has an auth config and is not authenticated', () => {
    const tool = { pluginKey: 'web_search', name: 'Web', description: '', authConfig: fields };
    expect(needsKeys({ ...tool, authenticated: false })).toBe(true);
    expect(needsKeys({ ...tool, authenticated: true })).toBe(false);
    expect(needsKeys({ ...tool, authConfig: [], authenticated: false })).toBe(false);
  });
});
