import { type AvailableTool, MCP_PLUGIN_PREFIX } from '@parley/schema';
import type { McpManager } from './manager.ts';
import { neededVars } from './servers.ts';

/**
 * A server's customUserVars as a tool with an authConfig, so POST /api/user/plugins stores them
 * (`pluginKey: mcp_<server>`, LibreChat's) sealed like every tool key. Null for other keys.
 */
export async function mcpAuthTool(
  mcp: McpManager,
  userId: string,
  pluginKey: string,
): Promise<AvailableTool | null> {
  if (!pluginKey.startsWith(MCP_PLUGIN_PREFIX)) return null;
  const def = await mcp.server(userId, pluginKey.slice(MCP_PLUGIN_PREFIX.length));
  if (!def) return null;
  const vars = neededVars(def);
  const missing = await mcp.missingVars(userId, def);
  return {
    pluginKey,
    name: def.title ?? def.name,
    description: def.description ?? '',
    authConfig: vars.map((v) => ({
      authField: v,
      label: def.customUserVars?.[v]?.title ?? v,
      description: def.customUserVars?.[v]?.description ?? '',
    })),
    authenticated: missing.length === 0,
  };
}
