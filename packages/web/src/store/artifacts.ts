import { create } from 'zustand';

// Shared, so it lives here: an artifact card in a message (components/markdown) opens the
// artifacts panel (features/artifacts), which the chat screen (app/) lays out beside the chat.

/** The artifact a card names: its reply, its identifier and its place among the reply's cards. */
export type ArtifactTarget = { messageId: string; identifier: string; ordinal: number };

type ArtifactsUiState = {
  /** The panel is shown. */
  visible: boolean;
  /** The card last clicked; null follows the latest artifact (doc 3 §4). */
  target: ArtifactTarget | null;
  /** Bumped on every open, so a second click on the same card selects it again. */
  openCount: number;
  open: (target: ArtifactTarget | null) => void;
  close: () => void;
  /** A new or other conversation (doc 3 §4 "the panel resets"). */
  reset: () => void;
};

export const useArtifactsUi = create<ArtifactsUiState>()((set) => ({
  visible: false,
  target: null,
  openCount: 0,
  open: (target) => set((s) => ({ visible: true, target, openCount: s.openCount + 1 })),
  close: () => set({ visible: false }),
  reset: () => set({ visible: false, target: null }),
}));
