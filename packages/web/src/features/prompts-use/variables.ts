import { PROMPT_SPECIAL_VARIABLES, PROMPT_VARIABLE_PATTERN, parsePromptVariable } from '@parley/schema';

/**
 * Prompt variables (doc 2 §5.9, doc 1 §5): `{{name}}` placeholders in a prompt's text, parsed by
 * the shared rules (prompt-rules.ts).
 * - `{{name:optA|optB|optC}}` is a dropdown of those options; otherwise a text field.
 * - A name written more than once is one variable: one value fills every place, whether or not
 *   each place repeats the options.
 * - An empty value leaves the placeholder as written.
 * - `{{current_date}}` (yyyy-MM-dd) and `{{current_user}}` are filled automatically, never asked.
 * Pure functions, shared by the variables dialog, the `/` popover and the prompt cards.
 */

export type SpecialVariable = (typeof PROMPT_SPECIAL_VARIABLES)[number];

/** A variable the user is asked for. */
export type AskedVariable = {
  /** The name before any `:`, trimmed; the key its value is kept under. */
  name: string;
  /** The dropdown's options (`name:a|b|c`), or null for a text field. */
  options: string[] | null;
};

/** Who and when, for the special variables. */
export type SpecialContext = { userName: string; now: Date };

function specialOf(name: string): SpecialVariable | null {
  const key = name.toLowerCase();
  return (PROMPT_SPECIAL_VARIABLES as readonly string[]).includes(key) ? (key as SpecialVariable) : null;
}

/** `name:a|b|c` → name and options (duplicates once); a name alone → no options. */
function parseBody(inner: string): AskedVariable | null {
  const v = parsePromptVariable(inner);
  if (!v.name) return null;
  const options = [...new Set(v.options)];
  return { name: v.name, options: options.length > 0 ? options : null };
}

/**
 * The variables the user fills, in order of first appearance, one per name. A name written
 * both plain and with options is a dropdown (the first options written win).
 */
export function extractVariables(text: string): AskedVariable[] {
  const byName = new Map<string, AskedVariable>();
  for (const match of text.matchAll(PROMPT_VARIABLE_PATTERN)) {
    const variable = parseBody(match[1] ?? '');
    if (!variable || specialOf(variable.name)) continue;
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
  for (const match of text.matchAll(PROMPT_VARIABLE_PATTERN)) {
    const index = match.index ?? 0;
    if (index > last) out.push({ kind: 'text', text: text.slice(last, index) });
    last = index + match[0].length;
    const variable = parseBody(match[1] ?? '');
    if (!variable) {
      out.push({ kind: 'text', text: match[0] });
      continue;
    }
    const special = specialOf(variable.name);
    if (special) {
      out.push({ kind: 'special', name: special, text: specialValue(special, ctx) });
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
