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

/** How often the states are asked for while a sign-in in another window is awaited. */
export const MCP_SIGN_IN_POLL_MS = 2_000;

/**
 * GET /api/mcp/tools: each server's tools, key form and whether the user's values are set. While
 * `polling` (a sign-in is open in another window) it is asked for again every MCP_SIGN_IN_POLL_MS,
 * and whenever this window gets the focus back.
 */
export function useMcpTools(enabled = true, polling = false) {
  return useAuthedQuery({
    queryKey: mcpKeys.tools,
    queryFn: ({ signal }) => apiRequest<McpToolsResponse>(paths.mcpTools, { signal }),
    staleTime: 5_000,
    enabled,
    refetchOnWindowFocus: polling ? 'always' : true,
    refetchInterval: polling ? MCP_SIGN_IN_POLL_MS : false,
  });
}

/** POST /api/mcp/:serverName/oauth/bind: ties the sign-in to this browser (before the window opens). */
export const mcpOAuthBind = (serverName: string) =>
  apiRequest<void>(paths.mcpOAuthBind(serverName), { method: 'POST' });

/** GET /api/mcp/:serverName/oauth/initiate: the URL the user signs in at. */
export const mcpOAuthInitiate = (serverName: string) =>
  apiRequest<McpOAuthInitiateResponse>(paths.mcpOAuthInitiate(serverName));

/**
 * Start a sign-in from this browser: bind first (the callback completes it only where the bind
 * cookie is), then the authorization URL to open (none when the stored tokens already work).
 */
export async function mcpStartSignIn(serverName: string): Promise<McpOAuthInitiateResponse> {
  await mcpOAuthBind(serverName);
  return mcpOAuthInitiate(serverName);
}
