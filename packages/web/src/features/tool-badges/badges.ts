/**
 * The composer's tool badges (doc 3 §2 "Tools badge row", §3 Badge, §4 badge edit mode) as data:
 * which badges exist, the user's order and removed ones, and the edit operations. MCP servers get
 * their badge next (issue 16, the MCP slice).
 */

/** A badge's id is the tool toggle it flips (doc 3 §3 per-conversation tool toggles). */
export type BadgeId = 'deep_dive' | 'execute_code';
export const BADGE_IDS: readonly BadgeId[] = ['deep_dive', 'execute_code'];

/** The tool whose keys a badge needs before it turns on (GET /api/agents/tools/:toolId/auth). */
export const BADGE_TOOL: Record<BadgeId, string> = { deep_dive: 'web_search', execute_code: 'execute_code' };

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

/** The badges on the row, in order. */
export function shownBadges(layout: BadgeLayout): BadgeId[] {
  return layout.order.filter((id) => !layout.hidden.includes(id));
}

/** Move a shown badge `delta` places among the shown ones (arrow keys); the order of hidden ones stays. */
export function stepBadge(layout: BadgeLayout, id: BadgeId, delta: number): BadgeLayout {
  const shown = shownBadges(layout);
  const from = shown.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= shown.length) return layout;
  return dropBadge(layout, id, shown[to]);
}

/** Put `id` where `target` is (a drop on it): before it when moving left, after it when moving right. */
export function dropBadge(layout: BadgeLayout, id: BadgeId, target: BadgeId): BadgeLayout {
  if (id === target) return layout;
  const order = layout.order.filter((x) => x !== id);
  const at = order.indexOf(target);
  if (at < 0) return layout;
  const movingRight = layout.order.indexOf(id) < layout.order.indexOf(target);
  order.splice(movingRight ? at + 1 : at, 0, id);
  return { ...layout, order };
}

export function removeBadge(layout: BadgeLayout, id: BadgeId): BadgeLayout {
  return layout.hidden.includes(id) ? layout : { ...layout, hidden: [...layout.hidden, id] };
}

/** Add a removed badge back, at the end of the row. */
export function addBadge(layout: BadgeLayout, id: BadgeId): BadgeLayout {
  return {
    order: [...layout.order.filter((x) => x !== id), id],
    hidden: layout.hidden.filter((x) => x !== id),
  };
}
