import { create } from 'zustand';

type ComposerState = {
  /** A prefill request for the composer (quick starts); the nonce lets the same text be asked twice. */
  prefill: { text: string; nonce: number } | null;
  requestPrefill: (text: string) => void;
};

export const useComposerBus = create<ComposerState>()((set, get) => ({
  prefill: null,
  requestPrefill: (text) => set({ prefill: { text, nonce: (get().prefill?.nonce ?? 0) + 1 } }),
}));
