import type { AvailableTool } from '@parley/schema';

/**
 * The tool picker's page size (doc 3 §2): 8 under 501 px; otherwise two rows of 2, 3 or 4 columns
 * (under 640 px, under 1024 px, wider).
 */
export function toolPageSize(width: number): number {
  if (width < 501) return 8;
  return 2 * toolColumns(width);
}

export function toolColumns(width: number): number {
  if (width < 501) return 1;
  return width < 640 ? 2 : width < 1024 ? 3 : 4;
}

/** Tools whose name or description holds the search (case-insensitive), in the server's order. */
export function searchTools(tools: readonly AvailableTool[], query: string): AvailableTool[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...tools];
  return tools.filter((tool) => `${tool.name}\n${tool.description}`.toLowerCase().includes(q));
}

/** The page count (at least 1) and the tools on page `page` (0-based, clamped). */
export function toolPage<T>(
  items: readonly T[],
  page: number,
  size: number,
): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const at = Math.min(Math.max(0, page), pages - 1);
  return { items: items.slice(at * size, at * size + size), page: at, pages };
}
