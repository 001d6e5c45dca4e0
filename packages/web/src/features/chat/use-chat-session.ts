import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { fetchActiveGenerations } from '../../api/chat-stream.ts';
import { messagesQuery } from '../../api/messages.ts';
import { getTreeStore, loadMessages, treeKeyFor, useTreeLoaded } from './store/message-tree.ts';
import { useStreams } from './store/stream-status.ts';
import { forgetPendingNew, readPendingNew } from './stream/pending-new.ts';
import { attachGeneration, isRunning } from './stream/stream-manager.ts';

export { freshNewChatOnOpen, resetNewChat, startNewChat, useNewChatKey } from './store/new-chat.ts';

/** The tree key for a conversation id (a chat started here keeps its local key). */
export function useTreeKeyFor(conversationId: string): string {
  // Aliases only appear when a stream names a conversation; re-read when streams change.
  const version = useStreams((s) => s.completedNew);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` invalidates the alias lookup
  return useMemo(() => treeKeyFor(conversationId), [conversationId, version]);
}

/** The server conversation id a tree has learned (a new chat learns it from `created`). */
export function useTreeConversationId(treeKey: string): string | null {
  const store = useMemo(() => getTreeStore(treeKey), [treeKey]);
  return useStore(store, (s) => s.conversationId);
}

/** Load a conversation's messages into its tree. */
export function useConversationMessages(conversationId: string | null, treeKey: string) {
  const store = useMemo(() => getTreeStore(treeKey), [treeKey]);
  const query = useQuery({ ...messagesQuery(conversationId ?? ''), enabled: conversationId !== null });
  useEffect(() => {
    if (query.data) loadMessages(store, query.data);
  }, [query.data, store]);
  const loaded = useTreeLoaded(store);
  const hasMessages = useStore(store, (s) => s.branch.length > 0);
  return { loaded, hasMessages, error: query.error, refetch: query.refetch };
}

/**
 * Reattach to a generation still running for this conversation (reload, other tab). Returns
 * whether the check is done, so the conversation can count as loading until then: the view never
 * offers "send" for a conversation that is in fact still generating.
 */
export function useResumeGeneration(conversationId: string | null, treeKey: string): boolean {
  const [checked, setChecked] = useState<string | null>(null);
  useEffect(() => {
    if (conversationId === null) return;
    if (isRunning(treeKey)) {
      setChecked(conversationId);
      return;
    }
    let cancelled = false;
    fetchActiveGenerations()
      .then((generations) => {
        if (cancelled || isRunning(treeKey)) return;
        const live = generations.find((g) => g.conversationId === conversationId);
        if (live) attachGeneration(treeKey, live);
      })
      .catch(() => {
        // No resume: the messages list still shows what was saved.
      })
      .finally(() => {
        if (!cancelled) setChecked(conversationId);
      });
    return () => {
      cancelled = true;
    };
  }, [conversationId, treeKey]);
  return conversationId === null || checked === conversationId;
}

/**
 * After a reload of /chat/new during a first reply, the conversation to move to (its generation is
 * still running on the server). Null until known or when there is none.
 */
export function usePendingNewConversation(active: boolean): string | null {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!active) return;
    const pending = readPendingNew();
    if (!pending) return;
    // This tab may be the one streaming it (the user went elsewhere and came back).
    const ownRun = Object.values(useStreams.getState().active).some(
      (s) => s.conversationId === pending.conversationId,
    );
    if (ownRun) return;
    let cancelled = false;
    fetchActiveGenerations()
      .then((generations) => {
        if (cancelled) return;
        const live = generations.some(
          (g) => g.streamId === pending.streamId || g.conversationId === pending.conversationId,
        );
        if (live) setTarget(pending.conversationId);
        else forgetPendingNew();
      })
      .catch(() => forgetPendingNew());
    return () => {
      cancelled = true;
    };
  }, [active]);
  return target;
}

/** A new chat whose first exchange finished: the conversation id the URL should move to. */
export function useCompletedNewConversation(treeKey: string): string | undefined {
  return useStreams((s) => s.completedNew[treeKey]);
}

export function clearCompletedNew(treeKey: string): void {
  useStreams.getState().clearCompletedNew(treeKey);
}
