import { type McpReinitializeResponse, mcpPluginKey, paths } from '@parley/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { mcpKeys } from './mcp.ts';

/*
 * Changes to a user's MCP servers, kept out of api/mcp.ts: that module is on /chat/new's path (the
 * badge), and the schema's MCP module (with zod) would come along with mcpPluginKey. Only lazy
 * chunks (the badge's menu, the builder's MCP section) import this.
 */

/** POST /api/mcp/:serverName/reinitialize: (re)connect a server for this user; its tools then list. */
export function useMcpReinitialize() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (serverName: string) =>
      apiRequest<McpReinitializeResponse>(paths.mcpReinitialize(serverName), { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: mcpKeys.tools }),
  });
}

/**
 * POST /api/user/plugins `uninstall` of `mcp_<server>`: the user's values for the server are
 * removed and they are signed out of it (the next use asks again).
 */
export const mcpRevoke = (serverName: string) =>
  apiRequest<void>(paths.userPlugins, {
    method: 'POST',
    body: { pluginKey: mcpPluginKey(serverName), action: 'uninstall' },
  });
