/** The public URL of a shared link (doc 2 §2.7): {origin}/share/{shareId}. */
export function shareUrl(origin: string, shareId: string): string {
  return `${origin.replace(/\/+$/, '')}/share/${encodeURIComponent(shareId)}`;
}

/** Long US date, e.g. "November 23, 2026" (doc 2 §2.6). */
export function formatShareDate(ms: number, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone,
  }).format(new Date(ms));
}

/** Shorter date for the manager's rows, e.g. "Nov 23, 2026". */
export function formatShareRowDate(ms: number, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone,
  }).format(new Date(ms));
}

/** '{conversation title} | {app title}' when both exist (doc 2 §2.6). */
export function shareDocumentTitle(title: string | undefined, appTitle: string | undefined): string {
  if (title && appTitle) return `${title} | ${appTitle}`;
  return title || appTitle || '';
}

/** The selected rows that still exist in the loaded list (a deleted row may linger in a selection). */
export function validSelection<T extends { shareId: string }>(
  selected: ReadonlySet<string>,
  rows: readonly T[],
): T[] {
  return rows.filter((r) => selected.has(r.shareId));
}
