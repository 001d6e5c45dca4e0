/**
 * The prompt library's rules (doc 2 §3.3–3.5, §5.9, §9), free of zod: the web's chat screen (the
 * `/` popover, prompt cards, the variable dialog) imports this file, and the server checks the same.
 */

/** doc 2 §9: the library's list page. */
export const PROMPT_PAGE_SIZE = 10;
/** The largest page a client may ask for (value not shown). */
export const PROMPT_PAGE_SIZE_MAX = 100;
/** doc 2 §5.9: a oneliner is at most 120 characters (counter n/120). */
export const PROMPT_ONELINER_MAX = 120;
/**
 * doc 2 §5.9: the slash command's length cap, a shared constant whose value the spec does not
 * show; LibreChat's COMMANDS_MAX_LENGTH is 56.
 */
export const COMMANDS_MAX_LENGTH = 56;
/** A group's name (value not shown). */
export const PROMPT_NAME_MAX = 256;
/** A version's text (value not shown): 64 KiB of characters. */
export const PROMPT_TEXT_MAX = 65_536;
/** GET /api/prompts/all answers at most this many groups (the `/` popover's source). */
export const PROMPT_ALL_MAX = 2_000;
/** POST /api/prompts/groups/:groupId/use: 30 per minute per user (LibreChat's limiter). */
export const PROMPT_USE_PER_MINUTE = 30;
/** Chosen users a group may be shared with (beyond the spec; value ours). */
export const PROMPT_SHARE_USERS_MAX = 100;
/** Import: groups per file and versions per group (ours). */
export const PROMPT_IMPORT_GROUPS_MAX = 1_000;
export const PROMPT_IMPORT_VERSIONS_MAX = 100;
/** The name-search's searching state (doc 2 §9), and the oneliner/command save debounce. */
export const PROMPT_SEARCH_STATE_MS = 500;
export const PROMPT_SAVE_DEBOUNCE_MS = 950;

/** doc 2 §3.5: the nine known categories, in LibreChat's order of values. */
export const PROMPT_CATEGORIES = [
  'misc',
  'roleplay',
  'write',
  'idea',
  'shop',
  'finance',
  'code',
  'travel',
  'teach_or_explain',
] as const;
export type PromptCategory = (typeof PROMPT_CATEGORIES)[number];

/**
 * GET /api/categories answers `{label, value}`; the label is a text key (`com_ui_<value>`), as
 * LibreChat's clients localise it.
 */
export const promptCategoryLabel = (value: string): string => `com_ui_${value}`;

/** The error texts doc 2 §5.9 names; the server sends them with the field (`group.name`…). */
export const PROMPT_ERROR_TEXT = {
  nameRequired: 'Prompt name is required',
  textRequired: 'Prompt text is required',
  onelinerTooLong: `The description may be at most ${PROMPT_ONELINER_MAX} characters`,
  commandInvalid: `The command may only hold a-z, 0-9 and hyphens, at most ${COMMANDS_MAX_LENGTH}`,
} as const;

/**
 * doc 2 §5.9: lower-cased, spaces become hyphens, anything but a-z, 0-9 and hyphen removed,
 * capped at COMMANDS_MAX_LENGTH. The server stores commands in this form.
 */
export function normalizeCommand(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/\s/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, COMMANDS_MAX_LENGTH);
}

/** A command already in its normal form (what the server accepts). */
export const isNormalCommand = (command: string): boolean =>
  command.length <= COMMANDS_MAX_LENGTH && /^[a-z0-9-]*$/.test(command);

// ── Variables (doc 2 §5.9) ─────────────────────────────────────────────────────────────────────

/** `{{name}}` placeholders; the inner text is the variable (`name:a|b|c` is a dropdown). */
export const PROMPT_VARIABLE_PATTERN = /\{\{([^{}]+?)\}\}/g;
/** Filled automatically (and highlighted), never asked for. */
export const PROMPT_SPECIAL_VARIABLES = ['current_date', 'current_user'] as const;

export interface PromptVariable {
  /** The placeholder's inner text, as written (`tone:formal|casual`): the key values are shared by. */
  key: string;
  /** The name shown (`tone`). */
  name: string;
  /** Dropdown options (`formal`, `casual`), empty for a text field. */
  options: string[];
}

/** Parse one placeholder's inner text. */
export function parsePromptVariable(inner: string): PromptVariable {
  const key = inner.trim();
  const colon = key.indexOf(':');
  if (colon < 0) return { key, name: key, options: [] };
  const options = key
    .slice(colon + 1)
    .split('|')
    .map((o) => o.trim())
    .filter(Boolean);
  return { key, name: key.slice(0, colon).trim(), options };
}

/** The variables a text asks for, first occurrence order, repeats once, special ones left out. */
export function promptVariables(text: string): PromptVariable[] {
  const seen = new Map<string, PromptVariable>();
  for (const m of text.matchAll(PROMPT_VARIABLE_PATTERN)) {
    const v = parsePromptVariable(m[1]);
    if (!v.key || seen.has(v.key)) continue;
    if ((PROMPT_SPECIAL_VARIABLES as readonly string[]).includes(v.name.toLowerCase())) continue;
    seen.set(v.key, v);
  }
  return [...seen.values()];
}

/**
 * Fill the placeholders: `values` by key; an empty or missing value leaves the placeholder as
 * written. `special` fills current_date / current_user.
 */
export function fillPromptVariables(
  text: string,
  values: Record<string, string>,
  special: { current_date?: string; current_user?: string } = {},
): string {
  return text.replace(PROMPT_VARIABLE_PATTERN, (whole, inner: string) => {
    const v = parsePromptVariable(inner);
    const name = v.name.toLowerCase();
    if (name === 'current_date' && special.current_date) return special.current_date;
    if (name === 'current_user' && special.current_user) return special.current_user;
    const value = values[v.key];
    return value ? value : whole;
  });
}

/** A prompt card or popover entry only acts on text that is not blank (doc 2 §2.5). */
export const isBlankPrompt = (text: string | null | undefined): boolean => !text?.trim();
