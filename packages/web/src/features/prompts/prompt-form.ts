import {
  COMMANDS_MAX_LENGTH,
  normalizeCommand,
  PROMPT_ONELINER_MAX,
  type PromptCreateBody,
} from '@parley/schema';
import { readJson, writeJson } from '../../lib/storage.ts';

/**
 * The new-prompt form (doc 2 §3.5, §5.9): its values, checks and payload. Pure, so the rules are
 * tested without a page.
 */
export type PromptFormValues = {
  name: string;
  prompt: string;
  category: string;
  oneliner: string;
  command: string;
};

export type PromptFormErrors = Partial<Record<'name' | 'prompt' | 'oneliner', 'required' | 'too_long'>>;

/** The last category used for a new prompt (doc 2 §3.5: remembered locally). */
export const LAST_CATEGORY_KEY = 'prompts:last-category';

export const readLastCategory = (): string => {
  const stored = readJson<unknown>(LAST_CATEGORY_KEY);
  return typeof stored === 'string' ? stored : '';
};

export const rememberCategory = (category: string): void => writeJson(LAST_CATEGORY_KEY, category);

export function emptyPromptForm(category = readLastCategory()): PromptFormValues {
  return { name: '', prompt: '', category, oneliner: '', command: '' };
}

/** Errors of the values as they stand (the form shows a field's once it was touched or submitted). */
export function validatePromptForm(values: PromptFormValues): PromptFormErrors {
  const errors: PromptFormErrors = {};
  if (!values.name.trim()) errors.name = 'required';
  if (!values.prompt.trim()) errors.prompt = 'required';
  if (values.oneliner.length > PROMPT_ONELINER_MAX) errors.oneliner = 'too_long';
  return errors;
}

export const isDirty = (values: PromptFormValues, initial: PromptFormValues): boolean =>
  (Object.keys(values) as (keyof PromptFormValues)[]).some((k) => values[k] !== initial[k]);

/** Create is enabled only when the form is dirty, valid and not submitting (doc 2 §5.9). */
export function canSubmit(values: PromptFormValues, initial: PromptFormValues, submitting: boolean): boolean {
  return !submitting && isDirty(values, initial) && Object.keys(validatePromptForm(values)).length === 0;
}

/** The command field as typed: normalised at once (doc 2 §5.9), so the counter counts what is kept. */
export const commandInput = (raw: string): string => normalizeCommand(raw);

/** n/max counters of the oneliner and the command. */
export const onelinerCounter = (value: string) => `${value.length}/${PROMPT_ONELINER_MAX}`;
export const commandCounter = (value: string) => `${value.length}/${COMMANDS_MAX_LENGTH}`;

/** POST /api/prompts's body: oneliner and command only when not empty (doc 2 §3.5). */
export function createBody(values: PromptFormValues): PromptCreateBody {
  const oneliner = values.oneliner.trim();
  const command = normalizeCommand(values.command);
  return {
    prompt: { type: 'text', prompt: values.prompt },
    group: {
      name: values.name.trim(),
      category: values.category,
      ...(oneliner ? { oneliner } : {}),
      ...(command ? { command } : {}),
    },
  };
}

/**
 * Leaving the text editor saves only a non-empty text that differs from the version shown
 * (doc 2 §4.9, §5.9).
 */
export const shouldSaveText = (next: string, current: string): boolean =>
  next.trim() !== '' && next !== current;

/** The editor's height in rows: its lines, from 3 to 14 (doc 2 §9). */
export const editorRows = (text: string): number => Math.min(14, Math.max(3, text.split('\n').length));
