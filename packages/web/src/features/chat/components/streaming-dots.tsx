import { t } from '../../../i18n/t.ts';

/** The "generating" indicator of a reply that has no text yet. */
export function StreamingDots() {
  return (
    <div className="flex h-7 items-center gap-1" role="status" aria-label={t('com_ui_generating')}>
      <span className="size-2 rounded-full bg-foreground animate-pulse-dot" />
    </div>
  );
}
