import { describe, expect, it } from 'vitest';
import { toolRegistry } from './registry.ts';
import type { ToolDef, ToolProvider } from './types.ts';

const def = (name: string): ToolDef => ({
  name,
  description: name,
  inputSchema: {},
  run: async () => ({ output: '' }),
});
const provider = (...keys: string[]): ToolProvider => ({
  available: async () => keys.map((k) => ({ pluginKey: k, name: k, description: k })),
  resolve: async (key) => (keys.includes(key) ? def(key) : null),
});

describe('toolRegistry', () => {
  it('gates tools by capability, in the list and at run time', async () => {
    const registry = toolRegistry(new Set(['file_search']), [provider('file_search', 'web_search', 'calc')]);
    expect((await registry.available('u')).map((t) => t.pluginKey)).toEqual(['file_search']);
    const run = await registry.resolve(['web_search', 'file_search', 'calc'], { userId: 'u' });
    expect(run.map((t) => t.key)).toEqual(['file_search']);
  });

  it('asks providers in order; one registered later adds its keys', async () => {
    const registry = toolRegistry(new Set(['tools', 'web_search']), [provider('calc')]);
    registry.register(provider('calc', 'web_search'));
    const run = await registry.resolve(['calc', 'web_search', 'unknown', 'calc'], { userId: 'u' });
    expect(run.map((t) => t.key)).toEqual(['calc', 'web_search']);
    expect((await registry.available('u')).map((t) => t.pluginKey)).toEqual(['calc', 'web_search']);
  });
});
