/**
 * Prompt variables (doc 2 §5.9, doc 1 §5): `{{name}}` placeholders in a prompt's text.
 * - `{{name:optA|optB|optC}}` is a dropdown of those options; otherwise a text field.
 * - A name written more than once is one variable: one value fills every place.
 * - An empty value leaves the placeholder as written.
 * - `{{current_date}}` (yyyy-MM-dd) and `{{current_user}}` are filled automatically, never asked.
 * Pure functions, shared by the variables dialog, the `/` popover and the prompt cards.
 */

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** The placeholders filled without asking (doc 2 §5.9). Matched without regard to case. */
export const SPECIAL_VARIABLES = ['current_date', 'current_user'] as const;
export type SpecialVariable = (typeof SPECIAL_VARIABLES)[number];

export type PromptVariable = {
  /** The name before any `:`, trimmed; the key its value is kept under. */
  name: string;
  /** The dropdown's options (`name:a|b|c`), or null for a text field. */
  options: string[] | null;
};

/** Who and when, for the special variables. */
export type SpecialContext = { userName: string; now: Date };

function specialOf(body: string): SpecialVariable | null {
  const key = body.trim().toLowerCase();
  return (SPECIAL_VARIABLES as readonly string[]).includes(key) ? (key as SpecialVariable) : null;
}

/** `name:a|b|c` → name and options; a name alone → no options. */
function parseBody(body: string): PromptVariable | null {
  const colon = body.indexOf(':');
  const name = (colon === -1 ? body : body.slice(0, colon)).trim();
  if (!name) return null;
  if (colon === -1) return { name, options: null };
  const options = [
    ...new Set(
      body
        .slice(colon + 1)
        .split('|')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  ];
  return { name, options: options.length > 0 ? options : null };
}

/**
 * The variables the user fills, in order of first appearance, one per name. A name written
 * both plain and with options is a dropdown (the first options written win).
 */
export function extractVariables(text: string): PromptVariable[] {
  const byName = new Map<string, PromptVariable>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    const body = match[1] ?? '';
    if (specialOf(body)) continue;
    const variable = parseBody(body);
    if (!variable) continue;
    const known = byName.get(variable.name);
    if (!known) byName.set(variable.name, variable);
    else if (!known.options && variable.options) known.options = variable.options;
  }
  return [...byName.values()];
}

/** Whether the text asks the user for values (special variables alone do not). */
export function hasVariables(text: string): boolean {
  return extractVariables(text).length > 0;
}

/** yyyy-MM-dd in the local time zone (doc 1 §5). */
export function formatDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function specialValue(which: SpecialVariable, ctx: SpecialContext): string {
  return which === 'current_date' ? formatDate(ctx.now) : ctx.userName;
}

/** A piece of the filled text: plain text, a special value, or a variable (filled or not). */
export type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'special'; text: string; name: SpecialVariable }
  | { kind: 'variable'; text: string; name: string; filled: boolean };

/**
 * The text cut into pieces with every placeholder resolved: special variables take their value,
 * user variables their non-empty value or stay as written. The dialog's preview highlights the
 * non-text pieces; `fillVariables` joins them.
 */
export function segmentText(
  text: string,
  values: Readonly<Record<string, string>>,
  ctx: SpecialContext,
): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const index = match.index ?? 0;
    if (index > last) out.push({ kind: 'text', text: text.slice(last, index) });
    last = index + match[0].length;
    const body = match[1] ?? '';
    const special = specialOf(body);
    if (special) {
      out.push({ kind: 'special', name: special, text: specialValue(special, ctx) });
      continue;
    }
    const variable = parseBody(body);
    if (!variable) {
      out.push({ kind: 'text', text: match[0] });
      continue;
    }
    const value = values[variable.name] ?? '';
    const filled = value.trim().length > 0;
    out.push({ kind: 'variable', name: variable.name, text: filled ? value : match[0], filled });
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

/** The text to use: every variable filled with its value, empty ones left as written. */
export function fillVariables(
  text: string,
  values: Readonly<Record<string, string>>,
  ctx: SpecialContext,
): string {
  return segmentText(text, values, ctx)
    .map((s) => s.text)
    .join('');
}
