import { type McpReinitializeResponse, paths } from '@parley/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { mcpKeys } from './mcp.ts';

/**
 * POST /api/mcp/:serverName/reinitialize: (re)connect a server for this user; its tools then list.
 * Its own module: api/mcp.ts is on /chat/new's path (the badge), which needs no mutation; only the
 * builder's lazy MCP section imports this.
 */
export function useMcpReinitialize() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (serverName: string) =>
      apiRequest<McpReinitializeResponse>(paths.mcpReinitialize(serverName), { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: mcpKeys.tools }),
  });
}
