import { MessageCircleDashed } from 'lucide-react';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { t } from '../../i18n/t.ts';
import { cn } from '../../lib/cn.ts';
import { formatRetention } from './retention.ts';
import { useTemporaryChat } from './store.ts';

/** Header switch for a new chat: the chat stays out of the history and search, and expires. */
export function TemporaryChatToggle() {
  const enabled = useTemporaryChat((s) => s.enabled);
  const setEnabled = useTemporaryChat((s) => s.setEnabled);
  const label = enabled ? t('com_ui_temporary_chat_off') : t('com_ui_temporary_chat_on');
  return (
    <Tooltip content={label} side="bottom">
      <button
        type="button"
        aria-pressed={enabled}
        aria-label={label}
        onClick={() => setEnabled(!enabled)}
        data-testid="temporary-chat-toggle"
        className={cn(
          'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          enabled
            ? 'bg-foreground text-background hover:bg-foreground/85'
            : 'text-muted-foreground hover:bg-accent hover:text-foreground',
        )}
      >
        <MessageCircleDashed className="size-5" />
        {enabled ? (
          <span className="hidden pr-0.5 font-medium sm:inline">{t('com_ui_temporary_chat')}</span>
        ) : null}
      </button>
    </Tooltip>
  );
}

/** Shown above the composer of a temporary chat. */
export function TemporaryChatNotice({ retentionHours }: { retentionHours: number }) {
  return (
    <div
      className="mb-2 flex items-start justify-center gap-2 rounded-xl bg-muted px-3 py-2 text-center text-xs text-muted-foreground"
      data-testid="temporary-chat-notice"
      role="status"
    >
      <MessageCircleDashed className="mt-px size-4 shrink-0" aria-hidden />
      <span>
        <span className="font-medium text-foreground">{t('com_ui_temporary_chat')}</span>
        {' · '}
        {t('com_ui_temporary_chat_notice', { duration: formatRetention(retentionHours) })}
      </span>
    </div>
  );
}
