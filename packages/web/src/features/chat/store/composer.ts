import { create } from 'zustand';

type ComposerState = {
  /** A prefill request for the composer (quick starts); the nonce lets the same text be asked twice. */
  prefill: { text: string; submit: boolean; nonce: number; keep: boolean } | null;
  /** Put text in the composer; with `submit`, send it at once (URL `submit=true`). */
  requestPrefill: (text: string, submit?: boolean) => void;
  /**
   * A prompt card's text (doc 2 §2.5): sent at once with `submit`, otherwise added under what the
   * user has typed; either way the typed text is kept.
   */
  requestPrompt: (text: string, submit: boolean) => void;
};

export const useComposerBus = create<ComposerState>()((set, get) => ({
  prefill: null,
  requestPrefill: (text, submit = false) =>
    set({ prefill: { text, submit, nonce: (get().prefill?.nonce ?? 0) + 1, keep: false } }),
  requestPrompt: (text, submit) =>
    set({ prefill: { text, submit, nonce: (get().prefill?.nonce ?? 0) + 1, keep: true } }),
}));
