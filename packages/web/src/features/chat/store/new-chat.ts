import { create } from 'zustand';
import { uuid } from '../../../lib/uuid.ts';
import { peekTreeStore } from './message-tree.ts';
import { useStreams } from './stream-status.ts';

const freshKey = () => `new:${uuid()}`;

/** The local tree key of the chat shown at /chat/new. */
const useNewChat = create<{ key: string }>(() => ({ key: freshKey() }));

export function useNewChatKey(): string {
  return useNewChat((s) => s.key);
}

/** "New chat": a fresh, empty tree unless the current new chat is still empty. Returns its key. */
export function startNewChat(): string {
  const store = peekTreeStore(useNewChat.getState().key);
  if (store && store.getState().byId.size > 0) useNewChat.setState({ key: freshKey() });
  return useNewChat.getState().key;
}

/**
 * Opening /chat/new shows an empty chat, unless the current new chat is still generating its
 * first reply (coming back to it keeps it).
 */
export function freshNewChatOnOpen(): void {
  const { key } = useNewChat.getState();
  const store = peekTreeStore(key);
  if (store && store.getState().byId.size > 0 && !useStreams.getState().active[key]) {
    useNewChat.setState({ key: freshKey() });
  }
}

export function resetNewChat(): void {
  useNewChat.setState({ key: freshKey() });
}
