/**
 * The composer's tool badges (doc 3 §2 "Tools badge row", §3 Badge, §4 badge edit mode) as data:
 * which badges exist, the user's order and removed ones, and the edit operations. The MCP badge
 * (issue 16) opens a menu of servers instead of flipping one toggle.
 */

/** A badge's id is the tool toggle it flips (doc 3 §3 per-conversation tool toggles). */
export type BadgeId = 'deep_dive' | 'execute_code' | 'mcp';
export const BADGE_IDS: readonly BadgeId[] = ['deep_dive', 'execute_code', 'mcp'];
/** The badges that flip one boolean toggle (the MCP badge keeps a list of server names). */
export type ToggleBadgeId = Exclude<BadgeId, 'mcp'>;

/**
 * Which badges this user is offered (doc 3 §2, §6): Deep Dive needs web search; code execution an
 * execute_code engine (startup config `executeCode`), the capability, and RUN_CODE USE — the
 * run-code toggle is hidden without it; MCP a server to pick.
 */
export function availableBadges(o: {
  capabilities: readonly string[] | undefined;
  executeCode: boolean | undefined;
  runCode: boolean;
  mcpServers: number;
}): Record<BadgeId, boolean> {
  return {
    deep_dive: !!o.capabilities?.includes('web_search'),
    execute_code: !!o.executeCode && !!o.capabilities?.includes('execute_code') && o.runCode,
    mcp: o.mcpServers > 0,
  };
}

/** The user's arrangement: badges in their order, and the ones taken off the row. */
export type BadgeLayout = { order: BadgeId[]; hidden: BadgeId[] };
export const DEFAULT_LAYOUT: BadgeLayout = { order: [...BADGE_IDS], hidden: [] };

/** A stored layout made whole: unknown ids dropped, duplicates dropped, new badges appended. */
export function normalizeLayout(stored: Partial<BadgeLayout> | undefined): BadgeLayout {
  const known = new Set<string>(BADGE_IDS);
  const order = [...new Set((stored?.order ?? []).filter((id): id is BadgeId => known.has(id)))];
  for (const id of BADGE_IDS) if (!order.includes(id)) order.push(id);
  const hidden = [...new Set((stored?.hidden ?? []).filter((id): id is BadgeId => known.has(id)))];
  return { order, hidden };
}
