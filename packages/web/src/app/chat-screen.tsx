import { DEFAULT_TITLE } from '@parley/schema';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useStartupConfig } from '../api/config.ts';
import { useConvo } from '../api/convos.ts';
import { type ChatModel, ChatView } from '../features/chat/chat-view.tsx';
import { useTreeConversationId } from '../features/chat/use-chat-session.ts';
import { Landing } from '../features/landing/landing.tsx';
import { ModelPicker } from '../features/model-picker/model-picker.tsx';
import { NoEndpoints } from '../features/model-picker/no-endpoints.tsx';
import { useActiveModel } from '../features/model-picker/use-active-model.ts';
import { t } from '../i18n/t.ts';
import { useComposerBus } from '../store/composer.ts';
import { useSession } from '../store/session.ts';
import { ChatHeader } from './chat-header.tsx';
import { useShellActions } from './shell-actions.ts';

/** Composes the chat screen from its features: header + picker, landing, messages, composer. */
export function ChatScreen({
  treeKey,
  conversationId,
  override,
  hideComposer,
}: {
  treeKey: string;
  conversationId: string | null;
  override?: ReactNode;
  hideComposer?: boolean;
}) {
  const models = useActiveModel();
  const user = useSession((s) => s.user);
  const config = useStartupConfig();
  const requestPrefill = useComposerBus((s) => s.requestPrefill);
  const { newChat } = useShellActions();
  const learnedId = useTreeConversationId(treeKey);
  const id = conversationId ?? learnedId;
  const queryClient = useQueryClient();
  const convo = useConvo(queryClient, id);
  const title = convo.data?.title ?? null;
  const appTitle = config.data?.appTitle || t('com_app_name');

  useEffect(() => {
    document.title = title && title !== DEFAULT_TITLE ? `${title} | ${appTitle}` : appTitle;
  }, [title, appTitle]);

  const active = models.active;
  const chatModel = useMemo<ChatModel | null>(
    () =>
      active
        ? {
            endpoint: active.endpoint,
            endpointType: active.endpointType,
            model: active.model,
            label: active.model,
          }
        : null,
    [active],
  );

  const picker =
    config.data?.interface.modelSelect === false ? null : (
      <ModelPicker state={models.state} options={models.options} active={active} onChoose={models.choose} />
    );

  return (
    <ChatView
      treeKey={treeKey}
      conversationId={id}
      header={<ChatHeader title={id ? title : null} picker={picker} onNewChat={newChat} />}
      landing={
        <Landing
          userName={user?.name || user?.username || null}
          customWelcome={config.data?.interface.customWelcome}
          onQuickStart={requestPrefill}
        />
      }
      override={override}
      model={chatModel}
      composerNotice={models.state === 'empty' || models.state === 'error' ? <NoEndpoints /> : undefined}
      hideComposer={hideComposer}
    />
  );
}
