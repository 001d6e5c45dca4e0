import { BookOpenText, Bug, ChartColumn, Lightbulb, ListChecks, PenLine, ScrollText } from 'lucide-react';
import type { TranslationKey } from '../../i18n/t.ts';

/** The seven quick starts of doc 3 §1; each prefills the composer with a stem and two line breaks. */
export const QUICK_STARTS: readonly {
  id: string;
  label: TranslationKey;
  stem: TranslationKey;
  icon: typeof Bug;
  tint: string;
}[] = [
  {
    id: 'get_summary',
    label: 'com_ui_get_summary',
    stem: 'com_stem_get_summary',
    icon: ScrollText,
    tint: 'text-amber-600 dark:text-amber-400',
  },
  {
    id: 'write_for_me',
    label: 'com_ui_write_for_me',
    stem: 'com_stem_write_for_me',
    icon: PenLine,
    tint: 'text-violet-600 dark:text-violet-400',
  },
  {
    id: 'review_data',
    label: 'com_ui_review_data',
    stem: 'com_stem_review_data',
    icon: ChartColumn,
    tint: 'text-sky-600 dark:text-sky-400',
  },
  {
    id: 'plan_it_out',
    label: 'com_ui_plan_it_out',
    stem: 'com_stem_plan_it_out',
    icon: ListChecks,
    tint: 'text-emerald-600 dark:text-emerald-400',
  },
  {
    id: 'explain_it',
    label: 'com_ui_explain_it',
    stem: 'com_stem_explain_it',
    icon: BookOpenText,
    tint: 'text-rose-600 dark:text-rose-400',
  },
  {
    id: 'generate_ideas',
    label: 'com_ui_generate_ideas',
    stem: 'com_stem_generate_ideas',
    icon: Lightbulb,
    tint: 'text-yellow-600 dark:text-yellow-400',
  },
  {
    id: 'debug_code',
    label: 'com_ui_debug_code',
    stem: 'com_stem_debug_code',
    icon: Bug,
    tint: 'text-orange-600 dark:text-orange-400',
  },
];

/** The composer text for a quick start. */
export function quickStartText(stem: string): string {
  return `${stem}\n\n`;
}
