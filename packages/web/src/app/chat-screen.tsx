import { DEFAULT_TITLE } from '@parley/schema';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useStartupConfig } from '../api/config.ts';
import { useConvo } from '../api/convos.ts';
import { useKeyExpiry } from '../api/keys.ts';
import { ApiKeyDialog } from '../features/api-keys/api-key-dialog.tsx';
import { KeyNeeded } from '../features/api-keys/key-needed.tsx';
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

  const [keyEndpoint, setKeyEndpoint] = useState<string | null>(null);
  const keyOption = models.options.find((o) => o.name === keyEndpoint);
  const activeOption = models.options.find((o) => o.name === active?.endpoint);
  const needsKey = !!activeOption?.userProvide;
  const activeKey = useKeyExpiry(active?.endpoint, needsKey);
  const missingKey = needsKey && activeKey.data === null;

  const picker =
    config.data?.interface.modelSelect === false ? null : (
      <ModelPicker
        state={models.state}
        options={models.options}
        active={active}
        onChoose={models.choose}
        onSetKey={setKeyEndpoint}
      />
    );
  const keyDialog = keyOption ? (
    <ApiKeyDialog
      endpoint={keyOption.name}
      endpointLabel={keyOption.label}
      userProvideURL={keyOption.userProvideURL}
      open={keyEndpoint !== null}
      onOpenChange={(open) => {
        if (!open) setKeyEndpoint(null);
      }}
    />
  ) : null;

  let composerNotice: ReactNode;
  if (models.state === 'empty' || models.state === 'error') composerNotice = <NoEndpoints />;
  else if (missingKey && active)
    composerNotice = (
      <KeyNeeded endpointLabel={active.endpointLabel} onSetKey={() => setKeyEndpoint(active.endpoint)} />
    );

  return (
    <>
      {keyDialog}
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
        composerNotice={composerNotice}
        hideComposer={hideComposer}
      />
    </>
  );
}
