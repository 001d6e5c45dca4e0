import { create } from 'zustand';

/** The temporary-chat switch for new chats; stays on for further new chats until turned off. */
type TemporaryChatState = {
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
};

export const useTemporaryChat = create<TemporaryChatState>()((set) => ({
  enabled: false,
  setEnabled: (enabled) => set({ enabled }),
}));
