/** Pure list logic of the bookmarks panel: filter, pages, and drag or keyboard moves. */

export function filterTags<T extends { tag: string; description?: string | null }>(
  list: readonly T[],
  query: string,
): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...list];
  return list.filter(
    (t) => t.tag.toLowerCase().includes(q) || (t.description ?? '').toLowerCase().includes(q),
  );
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Rows of one page (0-based), the page clamped to the last one. */
export function pageOf<T>(list: readonly T[], page: number, size: number): T[] {
  const last = pageCount(list.length, size) - 1;
  const p = Math.min(Math.max(0, page), last);
  return list.slice(p * size, p * size + size);
}

/** The list with `tag` moved to index `to` of the full list (the others shift). */
export function moveTag<T extends { tag: string }>(list: readonly T[], tag: string, to: number): T[] {
  const from = list.findIndex((t) => t.tag === tag);
  if (from < 0) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

/**
 * Where a drop lands: the dragged tag takes the target row's place in the full list (so a move
 * works the same on a filtered page). Null when nothing would move.
 */
export function dropPosition(
  list: readonly { tag: string }[],
  dragged: string,
  target: string,
): number | null {
  const from = list.findIndex((t) => t.tag === dragged);
  const to = list.findIndex((t) => t.tag === target);
  if (from < 0 || to < 0 || from === to) return null;
  return to;
}

/** Keyboard move: one place up (-1) or down (+1); null at either end. */
export function stepPosition(list: readonly { tag: string }[], tag: string, step: -1 | 1): number | null {
  const from = list.findIndex((t) => t.tag === tag);
  const to = from + step;
  if (from < 0 || to < 0 || to >= list.length) return null;
  return to;
}
