import { DEFAULT_TITLE, type Preset } from '@parley/schema';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useStartupConfig } from '../api/config.ts';
import { useConvo } from '../api/convos.ts';
import { useKeyExpiry } from '../api/keys.ts';
import { usePermission } from '../api/permissions.ts';
import { usePromptsAllowed } from '../api/prompt-commands.ts';
import { useBookmarksAllowed } from '../api/tags.ts';
import { AgentsSidePanel, AgentsToggle, useAgentBuilderAllowed } from '../features/agents/agents-toggle.tsx';
import { KeyNeeded } from '../features/api-keys/key-needed.tsx';
import type { ArtifactsSource } from '../features/artifacts/artifacts-panel.tsx';
import { AssistantMenuItems } from '../features/assistants/assistant-menu-items.tsx';
import {
  AssistantsSidePanel,
  AssistantsToggle,
  useAssistantBuilderAllowed,
  useAssistantsListed,
} from '../features/assistants/assistants-toggle.tsx';
import { BookmarkMenu } from '../features/bookmarks/bookmark-menu.tsx';
import { BookmarksSidePanel, BookmarksToggle } from '../features/bookmarks/bookmarks-toggle.tsx';
import { ChatView } from '../features/chat/chat-view.tsx';
import { useComposerBus } from '../features/chat/store/composer.ts';
import { getTreeStore, peekTreeStore } from '../features/chat/store/message-tree.ts';
import { startNewChat } from '../features/chat/store/new-chat.ts';
import { useTreeConversationId } from '../features/chat/use-chat-session.ts';
import {
  AGENTS_ENDPOINT,
  settingsFromPreset,
  settingsFromSpec,
  switchModel,
} from '../features/chat-settings/chat-settings.ts';
import { ChatParameters, ParametersToggle } from '../features/chat-settings/parameters/chat-parameters.tsx';
import { ModelPicker } from '../features/chat-settings/picker/model-picker.tsx';
import { NoEndpoints } from '../features/chat-settings/picker/no-endpoints.tsx';
import { SimplePicker } from '../features/chat-settings/picker/simple-picker.tsx';
import { PresetsMenu } from '../features/chat-settings/presets/presets-menu.tsx';
import { useUrlSetup } from '../features/chat-settings/url/use-url-setup.ts';
import { type ChatSettingsHost, useChatSettings } from '../features/chat-settings/use-chat-settings.ts';
import { ExportButton } from '../features/export/export-dialog.tsx';
import { FilesSidePanel, FilesToggle } from '../features/files/files-toggle.tsx';
import { useComposerAttachments } from '../features/files/use-composer-attachments.tsx';
import { Landing } from '../features/landing/landing.tsx';
import { PromptUseHost } from '../features/prompts-use/prompt-use-host.tsx';
import { PromptsSidePanel, PromptsToggle } from '../features/prompts-use/prompts-toggle.tsx';
import { useSlashCommands } from '../features/prompts-use/slash-commands.ts';
import { ShareButton } from '../features/share/share-dialog.tsx';
import { useTemporaryChat } from '../features/temporary-chat/store.ts';
import { TemporaryChatNotice, TemporaryChatToggle } from '../features/temporary-chat/temporary-chat.tsx';
import { BadgeRow } from '../features/tool-badges/badge-row.tsx';
import { availableBadges } from '../features/tool-badges/badges.ts';
import { useMcpBadgeServers } from '../features/tool-badges/use-mcp-badge.ts';
import { useToolToggles } from '../features/tool-badges/use-tool-toggles.ts';
import { t } from '../i18n/t.ts';
import type { SendSettings } from '../lib/chat-settings.ts';
import { lazyOnOpen } from '../lib/lazy-on-open.tsx';
import { useIsSmallScreen } from '../lib/use-media-query.ts';
import { useArtifactsUi } from '../store/artifacts.ts';
import { artifactsModeOf, usePreferences } from '../store/preferences.ts';
import { useSession } from '../store/session.ts';
import { useSidePanel } from '../store/side-panel.ts';
import { agentParameters } from './agent-parameters.tsx';
import { ChatHeader } from './chat-header.tsx';
import { ChatMoreMenu } from './chat-more-menu.tsx';
import { useShellActions } from './shell-actions.ts';

// Loaded when a key is first asked for, off /chat/new's critical path.
const ApiKeyDialog = lazyOnOpen(() =>
  import('../features/api-keys/api-key-dialog.tsx').then((m) => ({ default: m.ApiKeyDialog })),
);

// The artifacts panel loads when an artifact is opened, off /chat/new's critical path.
const ArtifactsPanel = lazy(() => import('../features/artifacts/artifacts-panel.tsx'));

/** The artifacts panel reads the visible branch of a chat's message tree. */
function artifactsSource(treeKey: string): ArtifactsSource {
  return {
    subscribe: (onChange) => getTreeStore(treeKey).subscribe(onChange),
    read: () => {
      const s = getTreeStore(treeKey).getState();
      return {
        messages: s.branch.flatMap((id) => {
          const m = s.byId.get(id);
          return m ? [m] : [];
        }),
        streaming: s.pinned,
      };
    },
  };
}

/** What the chat settings need from the chat: whether it has begun, and how to start a new one. */
const CHAT_HOST: ChatSettingsHost = {
  hasMessages: (treeKey) => (peekTreeStore(treeKey)?.getState().byId.size ?? 0) > 0,
  onNewChat: startNewChat,
};

/** Composes the chat screen from its features: header + picker, landing, messages, composer. */
export function ChatScreen({
  treeKey,
  conversationId,
  override,
  hideComposer,
  highlightMessageId,
}: {
  treeKey: string;
  conversationId: string | null;
  override?: ReactNode;
  hideComposer?: boolean;
  /** Opened from a search hit: show and flash this message. */
  highlightMessageId?: string | null;
}) {
  const user = useSession((s) => s.user);
  const config = useStartupConfig();
  const requestPrefill = useComposerBus((s) => s.requestPrefill);
  const requestPrompt = useComposerBus((s) => s.requestPrompt);
  const { newChat } = useShellActions();
  const learnedId = useTreeConversationId(treeKey);
  const id = conversationId ?? learnedId;
  const queryClient = useQueryClient();
  const convo = useConvo(queryClient, id);
  const models = useChatSettings(treeKey, convo.data, CHAT_HOST);
  useUrlSetup(models, requestPrefill);
  const title = convo.data?.title ?? null;
  const appTitle = config.data?.appTitle || t('com_app_name');

  useEffect(() => {
    document.title = title && title !== DEFAULT_TITLE ? `${title} | ${appTitle}` : appTitle;
  }, [title, appTitle]);

  const { active, settings } = models;
  // The composer's tools badges (doc 3 §2): Deep Dive needs web search; code execution an engine
  // (startup config `executeCode`) and RUN_CODE. Saved agents run their own tools instead.
  const capabilities = config.data?.agentCapabilities;
  const runCode = usePermission('RUN_CODE', 'USE');
  const badgesOn = !!active && !settings?.agent_id;
  // MCP: the user's chatMenu servers (issue 16); the badge shows once one exists.
  const mcpServers = useMcpBadgeServers(badgesOn);
  const mcpNames = useMemo(() => Object.keys(mcpServers), [mcpServers]);
  const executeCode = config.data?.executeCode;
  const badgesAvailable = useMemo(
    () => availableBadges({ capabilities, executeCode, runCode, mcpServers: mcpNames.length }),
    [capabilities, executeCode, runCode, mcpNames],
  );
  const { toolKey, ephemeralAgent } = useToolToggles({
    conversationId,
    learnedId,
    available: badgesAvailable,
    mcpServers: mcpNames,
    enabled: badgesOn,
  });
  // Settings → Artifacts: which artifact instructions the system prompt gets (doc 3 §3).
  const artifactsMode = usePreferences(artifactsModeOf);
  const sendSettings = useMemo<SendSettings | null>(
    () =>
      active && settings
        ? {
            ...settings,
            label: active.label,
            ephemeralAgent,
            ...(artifactsMode ? { artifacts: artifactsMode } : {}),
          }
        : null,
    [active, settings, ephemeralAgent, artifactsMode],
  );
  // The artifacts panel (doc 3 §2) splits the main area while open; it resets with the chat.
  const artifactsOpen = useArtifactsUi((s) => s.visible);
  const source = useMemo(() => artifactsSource(treeKey), [treeKey]);
  useEffect(() => (source ? () => useArtifactsUi.getState().reset() : undefined), [source]);

  const [keyEndpoint, setKeyEndpoint] = useState<string | null>(null);
  const keyOption = models.options.find((o) => o.name === keyEndpoint);
  const activeOption = models.options.find((o) => o.name === active?.endpoint);
  const needsKey = !!activeOption?.userProvide;
  const activeKey = useKeyExpiry(active?.endpoint, needsKey);
  const missingKey = needsKey && activeKey.data === null;

  const ui = config.data?.interface;
  const specList = models.specs?.list ?? [];
  const showEndpoints = ui?.modelSelect !== false && ui?.endpointsMenu !== false && !models.specs?.enforce;
  const { choose, options } = models;
  // The selector's Agents group needs the agents endpoint and AGENTS USE (doc 3 §6).
  const agentsUsable = usePermission('AGENTS', 'USE') && options.some((o) => o.name === AGENTS_ENDPOINT);
  // Assistants are agents (issue 15): the selector lists them and the side panel builds them; a
  // chosen one starts a new chat with it, as an agent does.
  const assistantsListed = useAssistantsListed();
  // The builder is a side panel entry (doc 3 §2): the side panel must be on.
  const hidePanels = usePreferences((s) => s.hideSidePanel);
  const assistantPanel = useAssistantBuilderAllowed() && ui?.sidePanel !== false && !hidePanels;
  const { chooseAgent } = models;
  const chatWithAgent = useCallback((agent: { id: string }) => chooseAgent(agent.id), [chooseAgent]);
  const openAssistantBuilder = useCallback(() => {
    if (useSidePanel.getState().active !== 'assistants') useSidePanel.getState().toggle('assistants');
  }, []);
  let picker: ReactNode = null;
  if (models.simple && specList.length === 0 && showEndpoints)
    picker = (
      <SimplePicker
        options={options}
        active={active}
        onChoose={(model) => choose(switchModel(settings, 'openAI', model))}
      />
    );
  else if (showEndpoints || specList.length > 0)
    picker = (
      <ModelPicker
        state={models.state}
        options={options}
        specs={specList}
        showEndpoints={showEndpoints}
        active={active}
        onChooseModel={(endpoint, model) => choose(switchModel(settings, endpoint, model))}
        onChooseSpec={(spec) => choose(settingsFromSpec(spec, options))}
        onSetKey={setKeyEndpoint}
        agentsOffered={agentsUsable}
        onChooseAgent={models.chooseAgent}
        extraItems={
          assistantsListed
            ? (query) => (
                <AssistantMenuItems
                  query={query}
                  onChoose={chatWithAgent}
                  onCreate={assistantPanel ? openAssistantBuilder : undefined}
                />
              )
            : undefined
        }
      />
    );

  const onApplyPreset = (preset: Preset) => {
    const next = settingsFromPreset(preset);
    const usable =
      next &&
      (next.spec
        ? specList.some((s) => s.name === next.spec)
        : options.find((o) => o.name === next.endpoint)?.models.includes(next.model));
    if (next && usable) choose(next);
    else toast.error(t('com_ui_preset_unavailable'));
  };
  // Bookmarks (doc 3 §2 side panel entry 6) need the bookmarks use permission.
  const bookmarksAllowed = useBookmarksAllowed();
  // The right side panel can be turned off by the admin (interface.sidePanel) or in Settings.
  const hideSidePanel = usePreferences((s) => s.hideSidePanel);
  const sidePanelOn = ui?.sidePanel !== false && !hideSidePanel;
  // An agent runs with its own parameters (set in the builder), so an agent chat has none here.
  const paramsAllowed =
    sidePanelOn && ui?.parameters !== false && !missingKey && active !== null && !settings?.agent_id;
  // A new chat can be made temporary; a saved one is temporary when it has an expiry.
  const temporaryOn = useTemporaryChat((s) => s.enabled);
  // LibreChat's TEMPORARY_CHAT permission: without it the toggle is hidden (the API answers 403).
  const temporaryAllowed = usePermission('TEMPORARY_CHAT', 'USE');
  const offerTemporary = ui?.temporaryChat !== false && temporaryAllowed && !id;
  const isTemporary = convo.data?.expiredAt != null || (offerTemporary && temporaryOn);
  const small = useIsSmallScreen();
  const shareOffered = !!(config.data?.sharedLinksEnabled && id && convo.data);
  const bookmarksPanel = bookmarksAllowed && sidePanelOn;
  const agentsPanel = useAgentBuilderAllowed() && sidePanelOn;
  // Prompts (doc 3 §2 side panel entry 3, doc 2 §2.5 cards; the composer's `/`) need PROMPTS USE.
  const promptsPanel = usePromptsAllowed() && sidePanelOn;
  const slashCommands = useSlashCommands();
  const renderAgentParameters = useMemo(() => agentParameters(options), [options]);
  const exportProps = id
    ? {
        conversationId: id,
        getVisibleBranch: () => peekTreeStore(treeKey)?.getState().branch,
        // The window of rendered rows inside the virtualized message list.
        getScreenshotTarget: () =>
          document.querySelector<HTMLElement>('[data-testid="message-list"] > div > div'),
      }
    : undefined;
  const actions = (
    <>
      {offerTemporary ? <TemporaryChatToggle /> : null}
      {ui?.presets !== false && showEndpoints ? (
        <PresetsMenu current={settings} onApply={onApplyPreset} />
      ) : null}
      {paramsAllowed ? <ParametersToggle /> : null}
      {small ? null : (
        <>
          {shareOffered ? <ShareButton conversationId={id} /> : null}
          {exportProps ? <ExportButton {...exportProps} /> : null}
        </>
      )}
      {bookmarksAllowed && id && convo.data ? (
        <BookmarkMenu conversationId={id} tags={convo.data.tags} />
      ) : null}
      {agentsPanel && !small ? <AgentsToggle /> : null}
      {promptsPanel && !small ? <PromptsToggle /> : null}
      {bookmarksPanel && !small ? <BookmarksToggle /> : null}
      {assistantPanel && !small ? <AssistantsToggle /> : null}
      {sidePanelOn && !small ? <FilesToggle /> : null}
      {small ? (
        <ChatMoreMenu
          share={shareOffered}
          exportProps={exportProps}
          bookmarksPanel={bookmarksPanel}
          filesPanel={sidePanelOn}
          agentsPanel={agentsPanel}
          assistantsPanel={assistantPanel}
          promptsPanel={promptsPanel}
        />
      ) : null}
    </>
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

  const composerTarget = useMemo(
    () => ({
      key: treeKey,
      endpoint: active?.endpoint ?? null,
      endpointType: settings?.endpointType ?? null,
      conversationId: id,
    }),
    [treeKey, active?.endpoint, settings?.endpointType, id],
  );
  const attachments = useComposerAttachments({ ...composerTarget, disabled: !active });

  let composerNotice: ReactNode;
  if (models.state === 'empty' || models.state === 'error') composerNotice = <NoEndpoints />;
  else if (missingKey && active)
    composerNotice = (
      <KeyNeeded endpointLabel={active.endpointLabel} onSetKey={() => setKeyEndpoint(active.endpoint)} />
    );

  return (
    <>
      {keyDialog}
      <PromptUseHost />
      <div className="flex h-full min-h-0 min-w-0 flex-1">
        <ChatView
          treeKey={treeKey}
          conversationId={id}
          header={
            <ChatHeader title={id ? title : null} picker={picker} actions={actions} onNewChat={newChat} />
          }
          landing={
            <Landing
              userName={user?.name || user?.username || null}
              customWelcome={config.data?.interface.customWelcome}
              onQuickStart={(text) => requestPrefill(text)}
              agent={active?.agent}
              onStarter={(text) => requestPrefill(text, true)}
            />
          }
          override={override}
          settings={sendSettings}
          composerNotice={composerNotice}
          hideComposer={hideComposer}
          highlightMessageId={highlightMessageId}
          composerBanner={
            isTemporary ? <TemporaryChatNotice retentionHours={ui?.temporaryChatRetention ?? 720} /> : null
          }
          sendOptions={offerTemporary && temporaryOn ? { isTemporary: true } : undefined}
          attachments={attachments}
          codeRun={runCode && !!executeCode}
          composerCommands={slashCommands}
          composerBadges={
            badgesOn && user ? (
              <BadgeRow
                userId={user.id}
                toolKey={toolKey}
                available={badgesAvailable}
                mcpServers={mcpServers}
              />
            ) : null
          }
        />
        {artifactsOpen ? (
          <Suspense fallback={null}>
            <ArtifactsPanel source={source} />
          </Suspense>
        ) : null}
        {paramsAllowed ? <ChatParameters models={models} /> : null}
        {agentsPanel ? (
          <AgentsSidePanel
            currentAgentId={settings?.agent_id ?? null}
            onSelectAgent={(agent) => models.chooseAgent(agent?.id ?? null)}
            providers={options}
            renderParameters={renderAgentParameters}
          />
        ) : null}
        {promptsPanel ? <PromptsSidePanel onUse={requestPrompt} /> : null}
        {bookmarksPanel ? <BookmarksSidePanel conversationId={id} /> : null}
        {sidePanelOn ? <FilesSidePanel target={composerTarget} /> : null}
        {assistantPanel ? (
          <AssistantsSidePanel assistantId={convo.data?.agent_id} onChat={chatWithAgent} />
        ) : null}
      </div>
    </>
  );
}
