import type { BadgeId, BadgeLayout } from './badges.ts';

/**
 * Badge edit mode's operations (doc 3 §4), apart from badges.ts so that edit mode's chunk shares
 * no module with /chat/new's (a shared module would be one more request there).
 */

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
