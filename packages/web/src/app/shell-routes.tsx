import { NEW_CONVO, SEARCH_CONVO } from '@parley/schema';
import { useQueryClient } from '@tanstack/react-query';
import { MessageSquareDashed } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { useRoles } from '../api/auth.ts';
import { ApiError } from '../api/client.ts';
import { useConvo } from '../api/convos.ts';
import { usePermission } from '../api/permissions.ts';
import { Button } from '../components/ui/button.tsx';
import { getTreeStore } from '../features/chat/store/message-tree.ts';
import {
  clearCompletedNew,
  freshNewChatOnOpen,
  useCompletedNewConversation,
  useConversationMessages,
  useNewChatKey,
  usePendingNewConversation,
  useResumeGeneration,
  useTreeKeyFor,
} from '../features/chat/use-chat-session.ts';
import { t } from '../i18n/t.ts';
import { rememberChat } from '../store/last-chat.ts';
import { AppShell } from './app-shell.tsx';
import { ChatScreen } from './chat-screen.tsx';
import { CenteredStatus, GuardMessage } from './guards.tsx';
import { useShellActions } from './shell-actions.ts';

function NotFound() {
  const { newChat } = useShellActions();
  return (
    <div
      className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center"
      data-testid="convo-not-found"
    >
      <MessageSquareDashed className="size-10 text-muted-foreground" strokeWidth={1.5} />
      <h2 className="text-lg font-semibold">{t('com_guard_not_found')}</h2>
      <p className="max-w-sm text-sm text-muted-foreground">{t('com_guard_not_found_hint')}</p>
      <Button variant="primary" className="mt-2" onClick={newChat}>
        {t('com_ui_new_chat')}
      </Button>
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <p className="text-sm text-muted-foreground">{t('com_guard_load_error')}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('com_ui_retry')}
      </Button>
    </div>
  );
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** While at /chat/new: move to /chat/{id} once the first reply completes, or after a reload. */
function useNewChatRedirects(treeKey: string, active: boolean): void {
  const navigate = useNavigate();
  const completed = useCompletedNewConversation(treeKey);
  const resumable = usePendingNewConversation(active);
  useEffect(() => {
    if (!completed) return;
    clearCompletedNew(treeKey);
    if (active) navigate(`/chat/${encodeURIComponent(completed)}`, { replace: true });
  }, [completed, treeKey, active, navigate]);
  useEffect(() => {
    if (resumable && active) navigate(`/chat/${encodeURIComponent(resumable)}`, { replace: true });
  }, [resumable, active, navigate]);
}

/**
 * One chat, new or saved. It is keyed by its message-tree key, which a new chat keeps when its URL
 * moves from /chat/new to /chat/{id}: the screen (and whatever is typed in the composer) stays.
 */
function ChatSession({ treeKey, conversationId }: { treeKey: string; conversationId: string | null }) {
  const queryClient = useQueryClient();
  const convo = useConvo(queryClient, conversationId);
  const messages = useConversationMessages(conversationId, treeKey);
  const resumeChecked = useResumeGeneration(conversationId, treeKey);
  // A search hit opens its conversation at the message (doc 3 §2 "Search screen").
  const highlightMessageId =
    (useLocation().state as { highlightMessageId?: string } | null)?.highlightMessageId ?? null;
  // A conversation already in memory shows at once; a fresh load also waits for the resume check.
  // A chat started here (new when this session mounted) is always in memory: when its URL gets
  // the new id, it must not flip to the loading state, which would remount every message.
  const [shownBefore] = useState(() => getTreeStore(treeKey).getState().loaded || conversationId === null);
  useNewChatRedirects(treeKey, conversationId === null);

  // A conversation this tab already holds (just created here) is not "not found" because a
  // refetch failed; only an unknown one is.
  const notFound =
    conversationId !== null &&
    (isNotFound(convo.error) || isNotFound(messages.error)) &&
    !messages.hasMessages;
  let override: ReactNode;
  if (notFound) override = <NotFound />;
  else if (conversationId !== null && (!messages.loaded || (!resumeChecked && !shownBefore))) {
    override = messages.error ? (
      <LoadError onRetry={() => void messages.refetch()} />
    ) : (
      <CenteredStatus spinner text={t('com_guard_loading_conversation')} testId="convo-loading" />
    );
  }
  return (
    <ChatScreen
      treeKey={treeKey}
      conversationId={conversationId}
      override={override}
      hideComposer={notFound}
      highlightMessageId={highlightMessageId}
    />
  );
}

/** /chat/new and /chat/{id} share one route so the chat survives the URL change. */
function ChatRoute() {
  const { conversationId: param = '' } = useParams();
  const isNew = param === NEW_CONVO;
  // Opening /chat/new shows an empty chat; runs before paint, so the old chat never flashes.
  useLayoutEffect(() => {
    if (isNew) freshNewChatOnOpen();
  }, [isNew]);
  // Pages outside the shell (the prompt library) link back to this chat.
  useEffect(() => rememberChat(isNew || param === SEARCH_CONVO ? null : param || null), [isNew, param]);
  const newKey = useNewChatKey();
  const savedKey = useTreeKeyFor(isNew ? '' : param);
  if (!param) return <GuardMessage textKey="com_guard_no_conversation_id" />;
  if (param === SEARCH_CONVO) return <GuardMessage textKey="com_guard_search_unsupported" />;
  const treeKey = isNew ? newKey : savedKey;
  return <ChatSession key={treeKey} treeKey={treeKey} conversationId={isNew ? null : param} />;
}

// The file manager (doc 3 /d/files), loaded when opened. It is reached through this chunk, which
// already holds what it shares with the chat (files hooks, table pieces): imported from the
// router, those shared modules became separate chunks on /chat/new's critical path.
const FileManagerPage = lazy(() => import('../features/files/file-manager-page.tsx'));
// The agent gallery (/agents, /agents/:category), loaded when opened, like the file manager.
const AgentGalleryPage = lazy(() => import('../features/agent-gallery/gallery-page.tsx'));
// The prompt library (/d/prompts…), loaded when opened, like the file manager.
const PromptsPage = lazy(() => import('../features/prompts/prompts-page.tsx'));
// The results screen loads with the first search, off /chat/new's critical path.
const SearchScreen = lazy(() => import('./search-screen.tsx').then((m) => ({ default: m.SearchScreen })));

/** The gallery with the user's AGENTS USE (read here: the page's chunk then shares less with this one). */
function AgentGalleryRoute() {
  const roles = useRoles();
  const canUse = usePermission('AGENTS', 'USE');
  return <AgentGalleryPage access={roles.user ? canUse : null} />;
}

/**
 * The authenticated routes (a lazy chunk), mounted at /chat/* and at /search. Both render this same
 * element, so moving between a chat and the search screen keeps the shell (and the sidebar's
 * search field, with its focus) mounted.
 */
export default function ShellRoutes({
  area = 'chat',
}: {
  area?: 'chat' | 'search' | 'files' | 'agents' | 'prompts';
}) {
  if (area === 'prompts')
    return (
      <Suspense fallback={<CenteredStatus spinner />}>
        <PromptsPage />
      </Suspense>
    );
  if (area === 'files')
    return (
      <Suspense fallback={<CenteredStatus spinner />}>
        <FileManagerPage />
      </Suspense>
    );
  if (area === 'agents')
    return (
      <Suspense fallback={<CenteredStatus spinner />}>
        <Routes>
          <Route index element={<AgentGalleryRoute />} />
          <Route path=":category" element={<AgentGalleryRoute />} />
          <Route path="*" element={<Navigate to="/agents" replace />} />
        </Routes>
      </Suspense>
    );
  return (
    <Routes>
      <Route element={<AppShell />}>
        {area === 'search' ? (
          <Route
            path="*"
            element={
              <Suspense fallback={null}>
                <SearchScreen />
              </Suspense>
            }
          />
        ) : (
          <>
            <Route index element={<Navigate to="/chat/new" replace />} />
            <Route path=":conversationId" element={<ChatRoute />} />
            <Route path="*" element={<Navigate to="/chat/new" replace />} />
          </>
        )}
      </Route>
    </Routes>
  );
}
