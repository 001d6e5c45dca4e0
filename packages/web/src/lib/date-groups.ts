import { t } from '../i18n/t.ts';

export type DateGroupKind = 'today' | 'yesterday' | 'previous7' | 'previous30' | 'month' | 'year';
export type DateGroup = { key: string; kind: DateGroupKind; label: string };

const DAY_FIELDS_PER_KIND: Record<'yesterday' | 'previous7' | 'previous30', number> = {
  yesterday: 1,
  previous7: 7,
  previous30: 30,
};

function startOfDay(date: Date, daysBack = 0): number {
  // setDate keeps local midnight correct across DST changes.
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - daysBack).getTime();
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long' });

/**
 * The sidebar date group of a timestamp (doc 1 §2): Today, Yesterday, Previous 7 days,
 * Previous 30 days, then months of the current year, then years. Future times count as today.
 */
export function dateGroupOf(timestamp: number, now: Date): DateGroup {
  if (timestamp >= startOfDay(now)) return { key: 'today', kind: 'today', label: t('com_ui_date_today') };
  for (const kind of ['yesterday', 'previous7', 'previous30'] as const) {
    if (timestamp >= startOfDay(now, DAY_FIELDS_PER_KIND[kind])) {
      const label =
        kind === 'yesterday'
          ? t('com_ui_date_yesterday')
          : kind === 'previous7'
            ? t('com_ui_date_previous_7_days')
            : t('com_ui_date_previous_30_days');
      return { key: kind, kind, label };
    }
  }
  const date = new Date(timestamp);
  if (date.getFullYear() === now.getFullYear()) {
    return { key: `month-${date.getMonth()}`, kind: 'month', label: monthFormat.format(date) };
  }
  const year = date.getFullYear();
  return { key: `year-${year}`, kind: 'year', label: String(year) };
}

export type Grouped<T> = { group: DateGroup; items: T[] };

/**
 * Group items by date, newest group first. Items are expected newest first; an item out of order
 * still lands in its own group, and groups keep their chronological order.
 */
export function groupByDate<T>(items: readonly T[], timeOf: (item: T) => number, now: Date): Grouped<T>[] {
  const groups = new Map<string, Grouped<T> & { rank: number }>();
  for (const item of items) {
    const ts = timeOf(item);
    const group = dateGroupOf(ts, now);
    let entry = groups.get(group.key);
    if (!entry) {
      entry = { group, items: [], rank: rankOf(group, ts) };
      groups.set(group.key, entry);
    }
    entry.items.push(item);
  }
  return [...groups.values()].sort((a, b) => a.rank - b.rank).map(({ group, items }) => ({ group, items }));
}

function rankOf(group: DateGroup, ts: number): number {
  switch (group.kind) {
    case 'today':
      return 0;
    case 'yesterday':
      return 1;
    case 'previous7':
      return 2;
    case 'previous30':
      return 3;
    case 'month':
      return 4 + (11 - new Date(ts).getMonth());
    default:
      return 100 + (9999 - new Date(ts).getFullYear());
  }
}
