import type { Message, MessageFile } from '@parley/schema';
import { useCallback } from 'react';
import type { SendSettings } from '../../../lib/chat-settings.ts';
import type { TreeState, TreeStore } from '../store/message-tree.ts';
import { nextParentId } from '../tree.ts';
import {
  answerApproval,
  continueReply,
  editAndResubmit,
  regenerate,
  sendMessage,
  stopGeneration,
} from './stream-manager.ts';

/** A reply with the user message it answers and its saved conversation; null when one is missing. */
function replyContext(state: TreeState, fallbackId: string | null, responseId: string) {
  const response = state.byId.get(responseId);
  const userMessage: Message | undefined = response ? state.byId.get(response.parentMessageId) : undefined;
  const conversationId = state.conversationId ?? fallbackId;
  if (!response || !userMessage?.isCreatedByUser || !conversationId) return null;
  return { response, userMessage, conversationId };
}

/**
 * The chat view's actions: send, edit and resubmit, regenerate, continue and stop. Every one is
 * sent with the same settings, so the view hands them over once instead of once per action.
 */
export function useChatActions({
  treeKey,
  store,
  conversationId,
  settings,
  isTemporary,
  onSent,
}: {
  treeKey: string;
  store: TreeStore;
  /** The conversation id the view was opened with; the store's own id wins once it is known. */
  conversationId: string | null;
  settings: SendSettings | null;
  /** Sent with a new chat's first message. */
  isTemporary?: boolean;
  /** After a message (or an edit) was sent: the view scrolls to the bottom. */
  onSent: () => void;
}) {
  const onSend = useCallback(
    (text: string, files?: MessageFile[]) => {
      if (!settings) return false;
      const state = store.getState();
      const ok = sendMessage({
        key: treeKey,
        text,
        files,
        conversationId: state.conversationId ?? conversationId,
        parentMessageId: nextParentId(state.branch, state.localOnly),
        settings,
        isTemporary,
      });
      if (ok) onSent();
      return ok;
    },
    [settings, store, treeKey, conversationId, onSent, isTemporary],
  );

  const onRegenerate = useCallback(
    (responseId: string) => {
      const reply = settings ? replyContext(store.getState(), conversationId, responseId) : null;
      if (!settings || !reply) return;
      regenerate({
        key: treeKey,
        conversationId: reply.conversationId,
        userMessage: reply.userMessage,
        settings,
      });
    },
    [settings, store, treeKey, conversationId],
  );

  const onEditSubmit = useCallback(
    (messageId: string, text: string) => {
      if (!settings) return false;
      const state = store.getState();
      const edited = state.byId.get(messageId);
      const id = state.conversationId ?? conversationId;
      if (!edited?.isCreatedByUser || !id) return false;
      const ok = editAndResubmit({ key: treeKey, text, conversationId: id, edited, settings });
      if (ok) onSent();
      return ok;
    },
    [settings, store, treeKey, conversationId, onSent],
  );

  const onContinue = useCallback(
    (responseId: string) => {
      const reply = settings ? replyContext(store.getState(), conversationId, responseId) : null;
      if (!settings || !reply) return;
      continueReply({ key: treeKey, ...reply, settings });
    },
    [settings, store, treeKey, conversationId],
  );

  const onStop = useCallback(() => void stopGeneration(treeKey), [treeKey]);

  // Tool approval needs no settings: the paused run goes on with its own agent.
  const onApprove = useCallback(
    (messageId: string, toolCallId: string, approved: boolean) => {
      const state = store.getState();
      const message = state.byId.get(messageId);
      const id = state.conversationId ?? conversationId;
      if (!message || message.isCreatedByUser || !id) return false;
      return answerApproval({ key: treeKey, conversationId: id, message, toolCallId, approved });
    },
    [store, treeKey, conversationId],
  );

  return { onSend, onRegenerate, onEditSubmit, onContinue, onStop, onApprove };
}
