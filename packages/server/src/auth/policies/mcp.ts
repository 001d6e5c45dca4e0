import { type Actor, can } from './policy.ts';

/**
 * MCP server rules (issue 16; LibreChat's MCP_SERVERS permission). Using servers needs USE; adding,
 * changing or removing one's own remote servers needs CREATE too. A user's own servers are found
 * only among their own (others' answer as unknown, 404).
 */
export const mcpPolicy = {
  canUse: (a: Actor) => can(a, 'MCP_SERVERS', 'USE'),
  canCreate: (a: Actor) => can(a, 'MCP_SERVERS', 'USE') && can(a, 'MCP_SERVERS', 'CREATE'),
};
