import { t } from '../../i18n/t.ts';

/** "30 days", "1 day", "36 hours": how long a temporary chat is kept. */
export function formatRetention(hours: number): string {
  if (hours % 24 === 0) {
    const days = hours / 24;
    return days === 1 ? t('com_ui_duration_day') : t('com_ui_duration_days', { count: days });
  }
  return hours === 1 ? t('com_ui_duration_hour') : t('com_ui_duration_hours', { count: hours });
}
