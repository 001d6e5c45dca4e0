import { en, type TranslationKey } from './en.ts';

export type TranslationVars = Record<string, string | number>;

/** Translate a key, filling `{{name}}` placeholders. Unknown variables stay visible. */
export function t(key: TranslationKey, vars?: TranslationVars): string {
  const text: string = en[key];
  if (!vars) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}

export type { TranslationKey };
