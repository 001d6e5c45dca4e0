import {
  type McpOAuthInitiateResponse,
  type McpServersList,
  type McpToolsResponse,
  paths,
} from '@parley/schema';
import { apiRequest } from './client.ts';
import { useAuthedQuery } from './query-client.ts';

/** MCP servers (issue 16): the composer's badge and the agent builder read these. */
export const mcpKeys = {
  servers: ['mcp', 'servers'] as const,
  tools: ['mcp', 'tools'] as const,
};

/** GET /api/mcp/servers: which servers this user has (the badge shows only when one exists). */
export function useMcpServers(enabled: boolean) {
  return useAuthedQuery({
    queryKey: mcpKeys.servers,
    queryFn: ({ signal }) => apiRequest<McpServersList>(paths.mcpServers, { signal }),
    staleTime: 30_000,
    enabled,
  });
}

/** GET /api/mcp/tools: each server's tools, key form and whether the user's values are set. */
export function useMcpTools(enabled = true) {
  return useAuthedQuery({
    queryKey: mcpKeys.tools,
    queryFn: ({ signal }) => apiRequest<McpToolsResponse>(paths.mcpTools, { signal }),
    staleTime: 5_000,
    enabled,
  });
}

/** GET /api/mcp/:serverName/oauth/initiate: the URL the user signs in at. */
export const mcpOAuthInitiate = (serverName: string) =>
  apiRequest<McpOAuthInitiateResponse>(paths.mcpOAuthInitiate(serverName));
