import { create } from 'zustand';

type ComposerState = {
  /** A prefill request for the composer (quick starts); the nonce lets the same text be asked twice. */
  prefill: { text: string; submit: boolean; nonce: number } | null;
  /** Put text in the composer; with `submit`, send it at once (URL `submit=true`). */
  requestPrefill: (text: string, submit?: boolean) => void;
};

export const useComposerBus = create<ComposerState>()((set, get) => ({
  prefill: null,
  requestPrefill: (text, submit = false) =>
    set({ prefill: { text, submit, nonce: (get().prefill?.nonce ?? 0) + 1 } }),
}));
