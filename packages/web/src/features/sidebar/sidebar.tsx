import type { User } from '@parley/schema';
import { PanelLeftClose, SquarePen } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { t } from '../../i18n/t.ts';
import { AccountMenu } from './account-menu.tsx';
import { ConvoList } from './convo-list.tsx';

export type SidebarProps = {
  appTitle: string;
  currentId: string | null;
  user: User | null;
  onNewChat: () => void;
  onClose: () => void;
  /** Called after following a link (closes the overlay on small screens). */
  onNavigate?: () => void;
  onOpenSettings: () => void;
  onLogout: () => void;
  /** The search field, when search is enabled (composed by the app shell). */
  search?: ReactNode;
  /** The bookmark filter above the list (composed by the app shell). */
  filter?: ReactNode;
  /** Links under "New chat" (composed by the app shell: the agent gallery). */
  links?: ReactNode;
  /** A row's Share action opens the share dialog (composed by the app shell); absent when sharing is off. */
  onShare?: (conversationId: string) => void;
};

/** The sidebar contents (doc 3 §2 App shell): new chat, the conversation list, the account. */
export function Sidebar({
  appTitle,
  currentId,
  user,
  onNewChat,
  onClose,
  onNavigate,
  onOpenSettings,
  onLogout,
  search,
  filter,
  links,
  onShare,
}: SidebarProps) {
  return (
    <div className="flex h-full flex-col bg-sidebar">
      <div className="flex h-14 shrink-0 items-center justify-between px-3">
        <IconButton
          label={t('com_ui_close_sidebar')}
          tooltipSide="right"
          onClick={onClose}
          data-testid="close-sidebar"
        >
          <PanelLeftClose className="size-5" />
        </IconButton>
        <span className="truncate px-2 text-sm font-semibold tracking-tight">{appTitle}</span>
        <span className="size-9" aria-hidden />
      </div>
      <div className="shrink-0 px-2 pb-2">
        <button
          type="button"
          onClick={onNewChat}
          data-testid="new-chat"
          className="flex h-10 w-full items-center gap-2.5 rounded-lg px-2.5 text-sm font-medium transition-colors hover:bg-sidebar-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <SquarePen className="size-[18px]" />
          {t('com_ui_new_chat')}
        </button>
        {links}
      </div>
      {search ? <div className="shrink-0 px-2 pb-2">{search}</div> : null}
      {filter}
      <nav className="min-h-0 flex-1" aria-label={t('com_ui_conversations')}>
        <ConvoList currentId={currentId} onNavigate={onNavigate} onNewChat={onNewChat} onShare={onShare} />
      </nav>
      <div className="shrink-0 border-t border-border/60 p-2">
        <AccountMenu user={user} onOpenSettings={onOpenSettings} onLogout={onLogout} />
      </div>
    </div>
  );
}
