import type { TranslationKey } from '../../../i18n/t.ts';
import { type TranslationVars, t } from '../../../i18n/t.ts';

/** Settings carry their i18n keys as plain strings (schema has no web types); the test checks they exist. */
export const tk = (key: string, vars?: TranslationVars) => t(key as TranslationKey, vars);
