import { mcpToolKey } from '@parley/schema';
import type { ToolProvider } from '../tools/types.ts';
import type { McpManager } from './manager.ts';

/**
 * MCP tools in the agents' registry: keys `<tool>_mcp_<server>` resolve to the server's tool for the
 * running user, and the servers they use add their instructions to the system prompt.
 */
export function mcpToolProvider(mcp: McpManager): ToolProvider {
  return {
    async available(userId) {
      const out = [];
      for (const { def, tools } of await mcp.cachedTools(userId))
        for (const t of tools)
          out.push({
            pluginKey: mcpToolKey(t.name, def.name),
            name: t.name,
            description: t.description,
            icon: def.iconPath,
          });
      return out;
    },
    resolve: (key, ctx) => mcp.resolveKey(ctx.userId, key),
    instructions: (keys, ctx) => mcp.instructionsFor(ctx.userId, keys),
  };
}
