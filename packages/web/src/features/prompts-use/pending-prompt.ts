import { create } from 'zustand';
import type { UsablePrompt } from './filter.ts';

/** Where a used prompt's text goes: the composer (insert) or straight out (send). */
export type Deliver = (text: string) => void;

type PendingState = {
  /** The prompt whose variables dialog is open, and where its text goes after. */
  pending: { prompt: UsablePrompt; deliver: Deliver; id: number } | null;
  open: (prompt: UsablePrompt, deliver: Deliver) => void;
  close: () => void;
};

/** Dialogs opened so far: each opening starts with empty fields. */
let opened = 0;

/** The open variables dialog (one at a time); the chat screen hosts it (prompt-use-host.tsx). */
export const usePendingPrompt = create<PendingState>()((set) => ({
  pending: null,
  open: (prompt, deliver) => {
    opened += 1;
    set({ pending: { prompt, deliver, id: opened } });
  },
  close: () => set({ pending: null }),
}));
