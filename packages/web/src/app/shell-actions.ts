import type { StartupConfig } from '@parley/schema';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logoutRequest } from '../api/auth.ts';
import { configKeys } from '../api/config.ts';
import { queryClient } from '../api/query-client.ts';
import { startNewChat } from '../features/chat/use-chat-session.ts';
import { matchesMedia, SMALL_SCREEN_QUERY } from '../lib/use-media-query.ts';
import { useSession } from '../store/session.ts';
import { useUi } from '../store/ui.ts';

/** Shell-wide actions shared by the sidebar and the chat header. */
export function useShellActions() {
  const navigate = useNavigate();

  const newChat = useCallback(() => {
    startNewChat();
    if (matchesMedia(SMALL_SCREEN_QUERY)) useUi.getState().setNavVisible(false);
    navigate('/chat/new');
  }, [navigate]);

  const logout = useCallback(async () => {
    await logoutRequest();
    // Signing out resets caches and chat state (see SessionLifecycle), then we go to /login.
    // With OpenID auto-redirect on, /login would sign the user straight back in. (Read before
    // signing out: that resets the query cache.)
    const config = queryClient.getQueryData<StartupConfig>(configKeys.all);
    useSession.getState().signedOut();
    navigate(config?.openidAutoRedirect ? '/login?redirect=false' : '/login', { replace: true });
  }, [navigate]);

  return { newChat, logout };
}
