import { Menu, PanelLeftOpen, SquarePen } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconButton } from '../components/ui/icon-button.tsx';
import { t } from '../i18n/t.ts';
import { useIsSmallScreen } from '../lib/use-media-query.ts';
import { useUi } from '../store/ui.ts';

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
          <IconButton
            label={t('com_ui_open_sidebar')}
            tooltip={false}
            onClick={() => setNavVisible(true)}
            data-testid="open-sidebar"
          >
            <Menu className="size-5" />
          </IconButton>
          <h1 className="min-w-0 flex-1 truncate text-center text-sm font-medium" data-testid="chat-title">
            {title ?? t('com_ui_new_chat')}
          </h1>
          <IconButton
            label={t('com_ui_new_chat')}
            tooltip={false}
            onClick={onNewChat}
            data-testid={navVisible ? undefined : 'new-chat'}
          >
            <SquarePen className="size-5" />
          </IconButton>
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
          <IconButton
            label={t('com_ui_open_sidebar')}
            tooltipSide="bottom"
            onClick={() => setNavVisible(true)}
            data-testid="open-sidebar"
          >
            <PanelLeftOpen className="size-5" />
          </IconButton>
          <IconButton
            label={t('com_ui_new_chat')}
            tooltipSide="bottom"
            onClick={onNewChat}
            data-testid="new-chat"
          >
            <SquarePen className="size-5" />
          </IconButton>
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
