import type { AvailableTool, McpToolsResponse } from '@parley/schema';
import { mcpPluginKey } from '@parley/schema';

/** One server as GET /api/mcp/tools answers it. */
export type McpServerState = McpToolsResponse['servers'][string];

/** What using a server needs first: nothing, the user's values (key form) or their sign-in. */
export function mcpNeeds(state: McpServerState | undefined): 'none' | 'keys' | 'oauth' {
  if (!state) return 'none';
  if (state.connectionState === 'requires_oauth') return 'oauth';
  if (!state.authenticated && state.authConfig.length > 0) return 'keys';
  return 'none';
}

/** What the user has given a server that they may change or take back: their values, or their sign-in. */
export function mcpHeld(state: McpServerState | undefined): 'none' | 'values' | 'signed_in' {
  if (!state) return 'none';
  if (state.authConfig.length > 0 && state.authenticated) return 'values';
  if (state.requiresOAuth && state.connectionState !== 'requires_oauth') return 'signed_in';
  return 'none';
}

/** The key form's tool: the server's customUserVars, saved under pluginKey `mcp_<server>`. */
export const mcpKeyTool = (server: string, title: string, state: McpServerState): AvailableTool => ({
  pluginKey: mcpPluginKey(server),
  name: title,
  description: '',
  authConfig: state.authConfig,
  authenticated: state.authenticated,
});
