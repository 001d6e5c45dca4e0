import { canEditEndpoint, formatChatError, type Message, UNFINISHED_NOTICE_MS } from '@parley/schema';
import { Info } from 'lucide-react';
import { memo, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { EndpointIcon } from '../../../components/endpoint-icon.tsx';
import {
  ArtifactMessageContext,
  ArtifactStreamingContext,
} from '../../../components/markdown/artifact-context.ts';
import { Markdown } from '../../../components/markdown/markdown.tsx';
import { t } from '../../../i18n/t.ts';
import { usePreferences } from '../../../store/preferences.ts';
import { useSession } from '../../../store/session.ts';
import { MessageCitations } from '../citations/message-citations.tsx';
import { canContinue } from '../continue-rule.ts';
import {
  answerPartIndex,
  answerText,
  awaitsApproval,
  hasRichParts,
  messageError,
  partsText,
  thinkText,
} from '../message-parts.ts';
import { Attachments } from '../parts/attachments.tsx';
import { CodeRunScope } from '../parts/code-run.tsx';
import { MessageContent, type RunnableReply } from '../parts/message-content.tsx';
import { Thinking } from '../parts/thinking.tsx';
import { type TreeStore, useTreeMessage } from '../store/message-tree.ts';
import { ChatError } from './chat-error.tsx';
import { EditingMessage } from './editing-message.tsx';
import { ForkButton } from './fork-button.tsx';
import { MessageActions } from './message-actions.tsx';
import { SiblingNav } from './sibling-nav.tsx';
import { StreamingDots } from './streaming-dots.tsx';
import { UserText } from './user-text.tsx';

function UnfinishedNotice() {
  // Shown after 250 ms so a reply that is just finishing does not flash it (doc 2 §4.13).
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), UNFINISHED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <div className="mt-3 flex items-start gap-2 rounded-xl border border-amber-500/30 bg-amber-500/10 px-3.5 py-2.5 text-sm text-amber-900 dark:text-amber-200">
      <Info className="mt-0.5 size-4 shrink-0" />
      <span>{t('com_ui_incomplete')}</span>
    </div>
  );
}

/** The server left earlier turns out to fit the model's context window (issue 3 §7). */
function ContextNotice({ dropped }: { dropped: number }) {
  return (
    <div className="mt-3 flex items-start gap-2 text-xs text-muted-foreground" data-testid="context-notice">
      <Info className="mt-0.5 size-3.5 shrink-0" />
      <span>{t('com_ui_context_trimmed', { count: dropped })}</span>
    </div>
  );
}

/** The signed-in user's name (else username) over their own messages, when UsernameDisplay is on. */
function OwnName() {
  const shown = usePreferences((s) => s.UsernameDisplay);
  const name = useSession((s) => s.user?.name || s.user?.username || '');
  if (!shown || !name) return <span className="sr-only">{t('com_ui_you')}</span>;
  return (
    <span className="mb-1 px-2 text-xs font-medium text-muted-foreground" data-testid="message-sender">
      {name}
    </span>
  );
}

export type MessageRowProps = {
  store: TreeStore;
  id: string;
  isLast: boolean;
  /** The id of the reply being streamed in this conversation, if any. */
  streamingId: string | null;
  busy: boolean;
  onRegenerate?: (messageId: string) => void;
  /** "Save & Submit" of an edited user message; absent on read-only views (no editing there). */
  onEditSubmit?: (messageId: string, text: string) => boolean;
  /** Continue a cut-off reply; absent on read-only views. */
  onContinue?: (messageId: string) => void;
  /** Approve or deny a tool call an agent run waits on; absent on read-only views. */
  onApprove?: (messageId: string, toolCallId: string, approved: boolean) => boolean;
  /** The user may run code blocks here (RUN_CODE USE and an engine); absent on read-only views. */
  codeRun?: boolean;
};

/** One message of the visible branch. Subscribes to its own entry only. */
export const MessageRow = memo(function MessageRow({
  store,
  id,
  isLast,
  streamingId,
  busy,
  onRegenerate,
  onEditSubmit,
  onContinue,
  onApprove,
  codeRun = false,
}: MessageRowProps) {
  const message = useTreeMessage(store, id);
  const parentId = useStore(store, (s) => s.parentOf.get(id));
  const forkable = useStore(store, (s) => s.conversationId !== null && !s.localOnly.has(id));
  const conversationId = useStore(store, (s) => s.conversationId);
  const [editing, setEditing] = useState(false);
  // Approvals of this reply, once nothing generates in the conversation (the paused run's own
  // stream ends with its final frame).
  const answerApproval = useCallback(
    (toolCallId: string, approved: boolean) => onApprove?.(id, toolCallId, approved) ?? false,
    [onApprove, id],
  );
  const approvable = onApprove !== undefined && !busy;
  // Code blocks run on a finished reply the server has (doc 2 §4.14), never a failed one.
  const runsCode = codeRun && forkable && streamingId !== id && !message?.error && !message?.isCreatedByUser;
  const runnable = useMemo<RunnableReply>(
    () => (runsCode && conversationId ? { messageId: id, conversationId } : null),
    [runsCode, conversationId, id],
  );
  if (!message || parentId === undefined) return null;
  const streaming = streamingId === id;
  // Edit needs the message on the server, no reply generating, and an endpoint that offers it
  // (doc 3 §6). Error replies are not edited.
  const editable =
    onEditSubmit !== undefined &&
    forkable &&
    !busy &&
    !streaming &&
    !message.error &&
    canEditEndpoint(message.endpoint);
  const onEdit = editable ? () => setEditing(true) : undefined;
  const closeEditor = () => setEditing(false);
  const siblings = <SiblingNav store={store} parentId={parentId} disabled={busy} />;
  // A message the server has (in a saved conversation) can be forked; not while a reply streams.
  const fork = busy || !forkable ? undefined : <ForkButton store={store} messageId={id} />;

  if (message.isCreatedByUser) {
    return (
      <article
        data-testid="message"
        data-message-id={id}
        data-role="user"
        className="group/message flex flex-col items-end pt-4 pb-1"
      >
        {/* Read-only views (a shared conversation) show someone else's messages: no own name there. */}
        {onEditSubmit ? <OwnName /> : null}
        {editing ? (
          <EditingMessage
            store={store}
            message={message}
            initialText={message.text}
            onSubmit={onEditSubmit ? (text) => onEditSubmit(id, text) : undefined}
            onClose={closeEditor}
          />
        ) : (
          <>
            {message.files?.length ? (
              <div className="mb-2 flex w-full justify-end">
                <Attachments files={message.files} align="end" />
              </div>
            ) : null}
            <div
              data-testid="message-text"
              className="max-w-[85%] whitespace-pre-wrap break-words rounded-3xl bg-muted px-5 py-2.5 leading-relaxed sm:max-w-[75%]"
            >
              <UserText text={message.text} />
            </div>
            <MessageActions
              text={message.text}
              siblings={siblings}
              fork={fork}
              visible={false}
              align="end"
              onEdit={onEdit}
            />
          </>
        )}
      </article>
    );
  }

  const answer = answerText(message);
  const think = thinkText(message);
  const failed = message.error;
  const error = failed ? messageError(message) : null;
  // Tool calls, images and agents render part by part, in order; plain replies keep the lighter
  // layout. An agent reply that failed keeps its steps above the error.
  const rich = hasRichParts(message);
  // A reply that failed mid-stream keeps what arrived before the error.
  const partial = failed && !rich ? partsText(message) : '';
  const waiting = awaitsApproval(message);
  return (
    <article
      data-testid="message"
      data-message-id={id}
      data-role="assistant"
      data-streaming={streaming || undefined}
      className="group/message flex gap-4 pt-2 pb-2"
    >
      <EndpointIcon endpoint={message.endpoint} iconURL={message.iconURL} className="mt-0.5 max-sm:hidden" />
      <ArtifactMessageContext.Provider value={id}>
        <ArtifactStreamingContext.Provider value={streaming}>
          <div className="min-w-0 flex-1">
            <span className="sr-only">{message.sender || t('com_ui_assistant')}</span>
            {failed && rich ? (
              <div data-testid="message-partial" className="mb-2">
                <MessageContent message={message} streaming={false} />
              </div>
            ) : null}
            {think && !failed && !rich ? (
              <Thinking text={think} streaming={streaming} answering={answer.length > 0} />
            ) : null}
            {failed && partial ? (
              <div data-testid="message-partial" className="mb-2">
                <Markdown text={partial} streaming={false} />
              </div>
            ) : null}
            {error ? (
              <ChatError messageId={id} error={error} />
            ) : editing ? (
              <EditingMessage
                store={store}
                message={message}
                initialText={answer}
                onContinue={isLast && onContinue ? () => onContinue(id) : undefined}
                onClose={closeEditor}
              />
            ) : (
              <WithCitations message={message}>
                {rich ? (
                  <MessageContent
                    message={message}
                    streaming={streaming}
                    onApprove={approvable ? answerApproval : undefined}
                    runnable={runnable}
                  />
                ) : streaming && !answer && !think ? (
                  <StreamingDots />
                ) : (
                  <div data-testid="message-text">
                    <CodeRunScope
                      messageId={id}
                      conversationId={runnable?.conversationId ?? null}
                      partIndex={answerPartIndex(message)}
                    >
                      <Markdown text={answer} streaming={streaming} />
                    </CodeRunScope>
                  </div>
                )}
              </WithCitations>
            )}
            {message.files?.length && !editing ? (
              <div className="mt-2">
                <Attachments files={message.files} />
              </div>
            ) : null}
            {/* A run paused for an approval is not cut off: it goes on once answered. */}
            {message.unfinished && !streaming && !failed && !waiting ? <UnfinishedNotice /> : null}
            {message.contextDropped && !failed ? <ContextNotice dropped={message.contextDropped} /> : null}
            {!streaming && !editing ? (
              <MessageActions
                text={error ? formatChatError(error) : answer}
                siblings={siblings}
                fork={fork}
                visible={isLast}
                onRegenerate={busy || !onRegenerate ? undefined : () => onRegenerate(id)}
                onEdit={onEdit}
                onContinue={
                  onContinue && !busy && !waiting && canContinue(message, isLast)
                    ? () => onContinue(id)
                    : undefined
                }
              />
            ) : null}
          </div>
        </ArtifactStreamingContext.Provider>
      </ArtifactMessageContext.Provider>
    </article>
  );
});

/** A reply that used file search shows its passages as citations (features/citations). */
function WithCitations({ message, children }: { message: Message; children: ReactNode }) {
  if (!message.citations?.length) return <>{children}</>;
  return <MessageCitations citations={message.citations}>{children}</MessageCitations>;
}
