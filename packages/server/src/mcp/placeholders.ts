/**
 * `{{NAME}}` placeholders in a server's url, headers and env, filled per user from that user's
 * customUserVars values (and `{{LIBRECHAT_USER_ID}}`, LibreChat's). `${ENV}` references were
 * already filled when librechat.yaml was read.
 */
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

export const USER_ID_PLACEHOLDER = 'LIBRECHAT_USER_ID';

/** Placeholder names used anywhere in these strings. */
export function placeholdersIn(values: readonly (string | undefined)[]): Set<string> {
  const names = new Set<string>();
  for (const v of values) if (v) for (const m of v.matchAll(PLACEHOLDER)) names.add(m[1]);
  return names;
}

/** Fill `{{NAME}}` from `vars`; names without a value are left as they are (the caller refuses them first). */
export function fill(value: string, vars: Readonly<Record<string, string>>): string {
  return value.replace(PLACEHOLDER, (whole, name: string) => vars[name] ?? whole);
}

export function fillRecord(
  rec: Readonly<Record<string, string>> | undefined,
  vars: Readonly<Record<string, string>>,
): Record<string, string> | undefined {
  if (!rec) return undefined;
  return Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, fill(v, vars)]));
}
