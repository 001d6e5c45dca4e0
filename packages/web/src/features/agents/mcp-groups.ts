import { type McpConnectionState, type McpToolsResponse, parseMcpToolKey } from '@parley/schema';
import { type McpServerState, mcpNeeds } from '../../lib/mcp-server-state.ts';

/** An MCP tool under its server: `available` false when the server does not list it now. */
export type McpToolRow = { key: string; name: string; description: string; available: boolean };

/** One server of the builder's MCP section with its tools and how many the agent has. */
export type McpGroup = {
  server: string;
  title: string;
  icon?: string;
  /** `missing`: the agent names the server but the user has no such server now. */
  state: McpConnectionState | 'missing';
  needs: 'none' | 'keys' | 'oauth';
  /** The server's answer (the key form needs it); absent when missing. */
  info?: McpServerState;
  tools: McpToolRow[];
  selected: number;
};

/** An MCP tool key (`<tool>_mcp_<server>`): these have their own section, not the tool picker. */
export const isMcpKey = (key: string) => parseMcpToolKey(key) !== null;

/**
 * The servers with their tools for the builder (doc 3 §6, issue 16): every server GET
 * /api/mcp/tools names, in its order, plus a group for each server the agent's keys name that the
 * user does not have. A key of the agent's that its server does not list now (it is down, or its
 * tools are not cached yet) stays as a row marked unavailable, so a save never drops it silently.
 */
export function mcpGroups(
  servers: McpToolsResponse['servers'] | undefined,
  agentTools: readonly string[],
): McpGroup[] {
  const chosen = new Set(agentTools);
  const held = new Map<string, string[]>();
  for (const key of agentTools) {
    const parsed = parseMcpToolKey(key);
    if (!parsed) continue;
    const list = held.get(parsed.server) ?? [];
    list.push(key);
    held.set(parsed.server, list);
  }
  const rowOf = (key: string): McpToolRow => ({
    key,
    name: parseMcpToolKey(key)?.tool ?? key,
    description: '',
    available: false,
  });
  const groups: McpGroup[] = [];
  for (const [server, info] of Object.entries(servers ?? {})) {
    const tools: McpToolRow[] = info.tools.map((tool) => ({
      key: tool.pluginKey,
      name: tool.name,
      description: tool.description,
      available: true,
    }));
    const listed = new Set(tools.map((row) => row.key));
    for (const key of held.get(server) ?? []) if (!listed.has(key)) tools.push(rowOf(key));
    groups.push({
      server,
      title: info.name,
      icon: info.icon,
      state: info.connectionState,
      needs: mcpNeeds(info),
      info,
      tools,
      selected: tools.filter((row) => chosen.has(row.key)).length,
    });
  }
  for (const [server, keys] of held) {
    if (servers && server in servers) continue;
    groups.push({
      server,
      title: server,
      state: 'missing',
      needs: 'none',
      tools: keys.map(rowOf),
      selected: keys.length,
    });
  }
  return groups;
}
