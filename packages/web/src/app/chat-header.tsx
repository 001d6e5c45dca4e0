import { Menu, PanelLeftOpen, SquarePen } from 'lucide-react';
import type { ReactNode } from 'react';
import { Tooltip } from '../components/ui/tooltip.tsx';
import { t } from '../i18n/t.ts';
import { useIsSmallScreen } from '../lib/use-media-query.ts';
import { useUi } from '../store/ui.ts';

const iconButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * The chat header (doc 3 §2): on small screens a mobile bar (menu, title, new chat) above the
 * model selector; on wide screens the selector, with sidebar and new-chat buttons when the
 * sidebar is hidden, and the conversation title.
 */
export function ChatHeader({
  title,
  picker,
  actions,
  onNewChat,
}: {
  title: string | null;
  picker: ReactNode;
  /** Buttons at the right end (presets, parameters). */
  actions?: ReactNode;
  onNewChat: () => void;
}) {
  const small = useIsSmallScreen();
  const navVisible = useUi((s) => s.navVisible);
  const setNavVisible = useUi((s) => s.setNavVisible);

  if (small) {
    return (
      <div className="shrink-0">
        <div className="flex h-12 items-center gap-1 border-b border-border/70 px-2">
          <button
            type="button"
            className={iconButton}
            onClick={() => setNavVisible(true)}
            aria-label={t('com_ui_open_sidebar')}
            data-testid="open-sidebar"
          >
            <Menu className="size-5" />
          </button>
          <h1 className="min-w-0 flex-1 truncate text-center text-sm font-medium" data-testid="chat-title">
            {title ?? t('com_ui_new_chat')}
          </h1>
          <button
            type="button"
            className={iconButton}
            onClick={onNewChat}
            aria-label={t('com_ui_new_chat')}
            data-testid={navVisible ? undefined : 'new-chat'}
          >
            <SquarePen className="size-5" />
          </button>
        </div>
        <div className="flex h-12 items-center gap-1 px-1.5">
          <div className="min-w-0 flex-1">{picker}</div>
          {actions}
        </div>
      </div>
    );
  }

  return (
    <header className="flex h-14 shrink-0 items-center gap-1 px-2">
      {navVisible ? null : (
        <>
          <Tooltip content={t('com_ui_open_sidebar')} side="bottom">
            <button
              type="button"
              className={iconButton}
              onClick={() => setNavVisible(true)}
              aria-label={t('com_ui_open_sidebar')}
              data-testid="open-sidebar"
            >
              <PanelLeftOpen className="size-5" />
            </button>
          </Tooltip>
          <Tooltip content={t('com_ui_new_chat')} side="bottom">
            <button
              type="button"
              className={iconButton}
              onClick={onNewChat}
              aria-label={t('com_ui_new_chat')}
              data-testid="new-chat"
            >
              <SquarePen className="size-5" />
            </button>
          </Tooltip>
        </>
      )}
      <div className="min-w-0 shrink">{picker}</div>
      <h1
        className="min-w-0 flex-1 truncate px-4 text-center text-sm text-muted-foreground"
        data-testid="chat-title"
      >
        {title ?? ''}
      </h1>
      <div className="flex min-w-24 shrink-0 items-center justify-end gap-1">{actions}</div>
    </header>
  );
}
