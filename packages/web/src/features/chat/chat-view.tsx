import { ArrowDown } from 'lucide-react';
import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { t } from '../../i18n/t.ts';
import type { SendSettings } from '../../lib/chat-settings.ts';
import { cn } from '../../lib/cn.ts';
import type { ComposerAttachments } from '../../lib/composer-attachments.ts';
import type { ComposerCommands } from '../../lib/composer-commands.ts';
import { usePreferences } from '../../store/preferences.ts';
import { useChatColumnClass } from './chat-column.ts';
import { Composer } from './components/composer.tsx';
import { draftKeyFor } from './drafts.ts';
import { messageListChunk } from './message-list-chunk.ts';
import { getTreeStore, useTreeBranch, useTreeLoaded } from './store/message-tree.ts';
import { revealMessage } from './store/reveal.ts';
import { useStreamStatus } from './store/stream-status.ts';
import { useChatActions } from './stream/use-chat-actions.ts';
import { useStickToBottom } from './use-stick-to-bottom.ts';

const MessageList = messageListChunk.Component;
const loadMessageList = messageListChunk.preload;

export type ChatViewProps = {
  /** Message-tree key: the conversation id, or the local key of a new chat. */
  treeKey: string;
  conversationId: string | null;
  header: ReactNode;
  /** Shown when the conversation has no messages. */
  landing: ReactNode;
  /** Replaces the message area (loading and not-found states). */
  override?: ReactNode;
  /** What messages are sent with; null while none is chosen (the composer waits). */
  settings: SendSettings | null;
  /** Replaces the composer (e.g. no endpoint configured). */
  composerNotice?: ReactNode;
  hideComposer?: boolean;
  /** Open at this message (a search hit): its branch is shown, scrolled to and flashed. */
  highlightMessageId?: string | null;
  /** Shown above the composer (the temporary-chat notice). */
  composerBanner?: ReactNode;
  /** Sent with each message (a new chat's temporary flag). */
  sendOptions?: { isTemporary?: boolean };
  /** Attach button, chips and drag-and-drop over the chat (the files feature, composed in app/). */
  attachments?: ComposerAttachments;
  /** The tools badge row beside the attach button (composed in app/). */
  composerBadges?: ReactNode;
  /** The composer's `/` prompt popover (the prompts feature, composed in app/). */
  composerCommands?: ComposerCommands | null;
  /** Replies' code blocks can run: RUN_CODE USE and an execute_code engine (doc 2 §4.14, §6). */
  codeRun?: boolean;
};

/** The chat screen body: messages (or landing), the scroll button and the composer. */
export function ChatView({
  treeKey,
  conversationId,
  header,
  landing,
  override,
  settings,
  composerNotice,
  hideComposer,
  highlightMessageId,
  composerBanner,
  sendOptions,
  attachments,
  composerBadges,
  composerCommands,
  codeRun,
}: ChatViewProps) {
  const store = useMemo(() => getTreeStore(treeKey), [treeKey]);
  const branch = useTreeBranch(store);
  const status = useStreamStatus(treeKey);
  const showScrollButton = usePreferences((s) => s.showScrollButton);
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const empty = branch.length === 0;
  // "Auto-scroll to the latest message on chat open" (autoScroll, off by default as in LibreChat):
  // off, a saved conversation opens at its top. A reply being sent or streamed is always followed
  // until the user scrolls more than 50 px up (doc 3 §4 Messages).
  const [openAtBottom] = useState(() => usePreferences.getState().autoScroll || conversationId === null);
  const { showButton, scrollToBottom } = useStickToBottom(scrollRef, contentRef, openAtBottom);
  const generating = status !== undefined;
  const column = useChatColumnClass();
  const centerForm = usePreferences((s) => s.centerFormOnLanding);
  // An empty chat can show the composer in the middle, under the greeting; it moves to the bottom
  // with the first message. Spacers move it, so the composer itself never remounts.
  const centered = centerForm && empty && !override && !hideComposer;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly opened conversation starts at the bottom
  useEffect(() => {
    if (openAtBottom) scrollToBottom();
  }, [treeKey]);

  useEffect(() => {
    if (!empty) void loadMessageList();
  }, [empty]);

  const loaded = useTreeLoaded(store);
  const [revealed, setRevealed] = useState<string | null>(null);
  useEffect(() => {
    if (!highlightMessageId || !loaded) return;
    if (revealMessage(store, highlightMessageId)) setRevealed(highlightMessageId);
  }, [highlightMessageId, loaded, store]);

  const onSent = useCallback(() => requestAnimationFrame(() => scrollToBottom()), [scrollToBottom]);
  const { onSend, onRegenerate, onEditSubmit, onContinue, onStop, onApprove } = useChatActions({
    treeKey,
    store,
    conversationId,
    settings,
    isTemporary: sendOptions?.isTemporary,
    onSent,
  });

  return (
    <div
      className="relative flex h-full min-h-0 min-w-0 flex-1 flex-col"
      data-testid="chat-view"
      {...(attachments && !hideComposer && !composerNotice ? attachments.dropZone : {})}
    >
      {header}
      <div aria-hidden className={centered ? 'flex-1' : 'hidden'} />
      <div
        className={cn('relative min-h-0', centered ? 'flex-initial' : 'flex-1')}
        data-centered={centered || undefined}
      >
        <div
          ref={scrollRef}
          className="h-full overflow-y-auto overscroll-contain bg-background"
          data-testid="chat-scroll"
        >
          <div
            ref={contentRef}
            className={cn('flex min-h-full flex-col', empty && !override && 'justify-center')}
          >
            {override ??
              (empty ? (
                landing
              ) : (
                <Suspense fallback={null}>
                  <MessageList
                    store={store}
                    scrollRef={scrollRef}
                    streamingId={status?.responseMessageId ?? null}
                    busy={generating}
                    onRegenerate={onRegenerate}
                    onEditSubmit={onEditSubmit}
                    onContinue={onContinue}
                    onApprove={onApprove}
                    highlightId={revealed}
                    codeRun={codeRun}
                  />
                </Suspense>
              ))}
          </div>
        </div>
        {showButton && showScrollButton && !empty && !override ? (
          <button
            type="button"
            onClick={() => scrollToBottom(true)}
            aria-label={t('com_ui_scroll_to_bottom')}
            data-testid="scroll-to-bottom"
            className="absolute bottom-3 left-1/2 z-10 inline-flex size-9 -translate-x-1/2 items-center justify-center rounded-full border border-border bg-background text-foreground shadow-md transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring animate-in-fade"
          >
            <ArrowDown className="size-4" />
          </button>
        ) : null}
      </div>
      {hideComposer ? null : (
        <div
          className={cn('mx-auto w-full px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6', column)}
          data-testid="composer-area"
        >
          {composerBanner}
          {composerNotice ?? (
            <Composer
              onSend={onSend}
              onStop={onStop}
              generating={generating}
              ready={settings !== null}
              onFirstInput={loadMessageList}
              autoFocus
              resetKey={treeKey}
              draftKey={draftKeyFor(conversationId, generating)}
              attachments={attachments}
              badges={composerBadges}
              commands={composerCommands}
            />
          )}
          <p className="px-2 pt-2 text-center text-xs text-muted-foreground">{t('com_ui_disclaimer')}</p>
        </div>
      )}
      <div aria-hidden className={centered ? 'flex-[1.4]' : 'hidden'} />
      {attachments?.overlay}
    </div>
  );
}
