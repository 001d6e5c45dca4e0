import { hasText, t } from '../../i18n/t.ts';
import '../../i18n/en-prompts.ts';

/**
 * A category's label (doc 2 §3.5): ours for the nine known values, the value itself for any other
 * (LibreChat stores free text), 'No category' for none. The server's label is a LibreChat text
 * key (`com_ui_<value>`), so the value is what is looked up here.
 */
export function categoryLabel(value: string | null | undefined): string {
  if (!value) return t('com_prompts_no_category');
  const key = `com_prompts_cat_${value}`;
  return hasText(key) ? t(key) : value;
}
