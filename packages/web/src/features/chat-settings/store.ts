import { create } from 'zustand';
import type { ChatSettings } from '../../lib/chat-settings.ts';

/**
 * Settings chosen for a chat in this tab, by message-tree key. A chat without an entry follows
 * its saved conversation, or for a new chat the default (use-chat-settings.ts).
 */
export const useChatSettingsStore = create<{ byTree: Record<string, ChatSettings> }>(() => ({
  byTree: {},
}));

export function setChatSettings(treeKey: string, settings: ChatSettings): void {
  useChatSettingsStore.setState((s) => ({ byTree: { ...s.byTree, [treeKey]: settings } }));
}

export function resetChatSettings(): void {
  useChatSettingsStore.setState({ byTree: {} });
}
