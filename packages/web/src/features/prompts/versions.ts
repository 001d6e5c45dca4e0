/**
 * Prompt versions as the library shows them (doc 2 §3.4, §4.8): newest first, numbered total
 * minus index, dated yyyy-MM-dd HH:mm (local time), tagged latest and production.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd HH:mm in the browser's time zone; a time the browser cannot read shows as ''. */
export function formatVersionDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The number shown for the version at `index` of a newest-first list of `total` (doc 2 §3.4). */
export const versionNumber = (total: number, index: number): number => total - index;

type Dated = { _id: string; createdAt: string | number };

const time = (v: Dated) => (typeof v.createdAt === 'number' ? v.createdAt : Date.parse(v.createdAt));

/** Newest first (ties keep the server's order). */
export function newestFirst<T extends Dated>(versions: readonly T[]): T[] {
  return versions
    .map((v, i) => ({ v, i }))
    .sort((a, b) => time(b.v) - time(a.v) || a.i - b.i)
    .map(({ v }) => v);
}

export type VersionTags = { latest: boolean; production: boolean };

/** The tags of the version at `index` of a newest-first list (doc 2 §4.8). */
export function versionTags(index: number, id: string, productionId: string | null | undefined): VersionTags {
  return { latest: index === 0, production: Boolean(productionId) && id === productionId };
}
