import { queryClient } from '../api/query-client.ts';
import { clearAllDrafts } from '../features/chat/drafts.ts';
import { resetTreeStores } from '../features/chat/store/message-tree.ts';
import { resetNewChat } from '../features/chat/store/new-chat.ts';
import { forgetPendingNew } from '../features/chat/stream/pending-new.ts';
import { resetStreams } from '../features/chat/stream/stream-manager.ts';
import { resetChatSettings } from '../features/chat-settings/store.ts';

/** Forget everything the signed-in user loaded (logout, or a session that could not refresh). */
export function resetClientState(): void {
  resetStreams();
  resetTreeStores();
  resetNewChat();
  resetChatSettings();
  forgetPendingNew();
  clearAllDrafts();
  queryClient.clear();
}
