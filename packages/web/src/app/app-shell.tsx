import { SIDEBAR_WIDTH } from '@parley/schema';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useMatch } from 'react-router';
import { useRoles } from '../api/auth.ts';
import { useStartupConfig } from '../api/config.ts';
import { AppBanner } from '../components/banner/banner.tsx';
import { AgentGalleryLink } from '../features/agent-gallery/gallery-link.tsx';
import { BookmarkFilter } from '../features/bookmarks/bookmark-filter.tsx';
import { useNewChatKey, useTreeConversationId } from '../features/chat/use-chat-session.ts';
import { SearchBox } from '../features/search/search-box.tsx';
import { ShareDialog } from '../features/share/share-dialog.tsx';
import { Sidebar } from '../features/sidebar/sidebar.tsx';
import { t } from '../i18n/t.ts';
import { useIsSmallScreen } from '../lib/use-media-query.ts';
import { useSession } from '../store/session.ts';
import { useUi } from '../store/ui.ts';
import { useShellActions } from './shell-actions.ts';

// Loaded when first needed: neither belongs on the critical path of /chat/new (DESIGN §7).
const SettingsDialog = lazy(() => import('./settings.tsx').then((m) => ({ default: m.Settings })));
const TermsModal = lazy(() =>
  import('../features/account/terms-modal.tsx').then((m) => ({ default: m.TermsModal })),
);

/** The authenticated shell (doc 3 §2): collapsible sidebar (overlay with a mask on small screens) + main. */
export function AppShell() {
  const small = useIsSmallScreen();
  const navVisible = useUi((s) => s.navVisible);
  const setNavVisible = useUi((s) => s.setNavVisible);
  const settingsOpen = useUi((s) => s.settingsOpen);
  const setSettingsOpen = useUi((s) => s.setSettingsOpen);
  const user = useSession((s) => s.user);
  const config = useStartupConfig();
  const { newChat, logout } = useShellActions();
  // The share dialog a sidebar row opens (doc 2 §2.6); rows offer Share only when sharing is on.
  const [sharing, setSharing] = useState<string | null>(null);
  const sharingEnabled = config.data?.sharedLinksEnabled ?? false;
  useRoles();

  const match = useMatch('/chat/:conversationId');
  const routeId = match?.params.conversationId ?? null;
  const newChatConversationId = useTreeConversationId(useNewChatKey());
  const currentId = routeId === 'new' ? newChatConversationId : routeId;

  // The overlay closes with Escape.
  useEffect(() => {
    if (!small || !navVisible) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setNavVisible(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [small, navVisible, setNavVisible]);

  // Crossing the small-screen breakpoint: close the overlay, or restore the desktop sidebar.
  const syncToScreen = useUi((s) => s.syncToScreen);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    syncToScreen(small);
  }, [small, syncToScreen]);

  const sidebar = (
    <Sidebar
      appTitle={config.data?.appTitle || t('com_app_name')}
      currentId={currentId}
      user={user}
      onNewChat={newChat}
      onClose={() => setNavVisible(false)}
      onNavigate={small ? () => setNavVisible(false) : undefined}
      onOpenSettings={() => setSettingsOpen(true)}
      onLogout={() => void logout()}
      search={
        config.data?.searchEnabled ? (
          <SearchBox onNavigate={small ? () => setNavVisible(false) : undefined} />
        ) : undefined
      }
      filter={<BookmarkFilter />}
      links={<AgentGalleryLink onNavigate={small ? () => setNavVisible(false) : undefined} />}
      onShare={sharingEnabled ? setSharing : undefined}
    />
  );

  return (
    <div className="flex h-dvh w-full overflow-hidden bg-background">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[60] focus:rounded-lg focus:bg-background focus:px-3 focus:py-2 focus:shadow"
      >
        {t('com_ui_skip_to_content')}
      </a>
      {navVisible && !small ? (
        <aside
          className="h-full shrink-0 border-r border-border/60"
          style={{ width: SIDEBAR_WIDTH }}
          data-testid="sidebar"
        >
          {sidebar}
        </aside>
      ) : null}
      {navVisible && small ? (
        <>
          <div
            className="fixed inset-0 z-40 bg-black/50 animate-in-fade"
            onClick={() => setNavVisible(false)}
            data-testid="sidebar-mask"
            aria-hidden
          />
          <aside
            className="fixed inset-y-0 left-0 z-50 w-[320px] shadow-2xl animate-slide-in"
            data-testid="sidebar"
          >
            {sidebar}
          </aside>
        </>
      ) : null}
      <main id="main" className="flex min-w-0 flex-1 flex-col">
        <AppBanner />
        <Outlet />
      </main>
      {sharing ? (
        <ShareDialog conversationId={sharing} open onOpenChange={(open) => !open && setSharing(null)} />
      ) : null}
      {settingsOpen ? (
        <Suspense fallback={null}>
          <SettingsDialog open onOpenChange={setSettingsOpen} onNewChat={newChat} />
        </Suspense>
      ) : null}
      {config.data?.interface.termsOfService?.modalAcceptance ? (
        <Suspense fallback={null}>
          <TermsModal onDecline={() => void logout()} />
        </Suspense>
      ) : null}
    </div>
  );
}
