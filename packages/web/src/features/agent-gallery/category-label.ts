import type { AgentCategoryEntry } from '../../api/agents.ts';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-agent-gallery.ts';
import { isKnownCategory } from './gallery-query.ts';

const FIXED_LABELS = {
  all: 'com_gallery_tab_all',
  promoted: 'com_gallery_tab_promoted',
  shared: 'com_gallery_tab_shared',
  mine: 'com_gallery_tab_mine',
} as const;

/** A tab's or category's text: ours for the known ones, else the server's label, else its value. */
export function tabLabel(value: string, entry?: AgentCategoryEntry): string {
  if (value in FIXED_LABELS) return t(FIXED_LABELS[value as keyof typeof FIXED_LABELS]);
  if (isKnownCategory(value)) return t(`com_gallery_category_${value}`);
  return entry?.label || value;
}
