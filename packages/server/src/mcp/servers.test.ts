import { parseMcpToolKey } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { McpServersYaml } from '../config/mcp-config.ts';
import { fill } from './placeholders.ts';
import { neededVars, yamlServerDefs } from './servers.ts';
import { checkToolSchema } from './tool-schema.ts';

const defs = (yaml: unknown) => yamlServerDefs(McpServersYaml.parse(yaml));

describe('MCP server definitions', () => {
  it('infers the type as LibreChat does and shares a server unless it names a user value', () => {
    const [stdio, sse, ws, keyed, byArg, byId] = defs({
      a: { command: 'node', args: ['s.js'] },
      b: { url: 'https://x.example/sse' },
      c: { url: 'wss://x.example/ws' },
      d: { type: 'streamable-http', url: 'https://x.example/mcp', headers: { 'X-Key': '{{KEY}}' } },
      e: { command: 'node', args: ['s.js', '--token={{TOKEN}}'] },
      f: { command: 'node', env: { WHO: '{{LIBRECHAT_USER_ID}}' } },
    });
    expect([stdio.type, sse.type, ws.type, keyed.type]).toEqual([
      'stdio',
      'sse',
      'websocket',
      'streamable-http',
    ]);
    expect([stdio, sse, keyed, byArg, byId].map((d) => d.perUser)).toEqual([false, false, true, true, true]);
    expect(neededVars(keyed)).toEqual(['KEY']);
    expect(neededVars(byArg)).toEqual(['TOKEN']);
    // The user id is filled by the server, never asked for.
    expect(neededVars(byId)).toEqual([]);
    expect(fill('Bearer {{KEY}} {{OTHER}}', { KEY: 'k' })).toBe('Bearer k {{OTHER}}');
  });

  it('refuses server names with the delimiter or odd characters', () => {
    expect(() => McpServersYaml.parse({ a_mcp_b: { command: 'x' } })).toThrow();
    expect(() => McpServersYaml.parse({ 'a b': { command: 'x' } })).toThrow();
  });

  it('splits tool keys at the last delimiter', () => {
    expect(parseMcpToolKey('read_graph_mcp_memory')).toEqual({ tool: 'read_graph', server: 'memory' });
    expect(parseMcpToolKey('web_search')).toBeNull();
    expect(parseMcpToolKey('_mcp_x')).toBeNull();
  });

  it('bounds tool schemas', () => {
    expect(checkToolSchema({ type: 'object', properties: {} })).toEqual({
      ok: { type: 'object', properties: {} },
    });
    expect(checkToolSchema({ type: 'string' })).toEqual({
      refused: 'its input schema is not of type object',
    });
    expect(checkToolSchema(null)).toHaveProperty('refused');
  });
});
