import { create } from 'zustand';

/** The search field's shared state: the sidebar box writes it, the search screen reads it. */
type SearchState = {
  /** Keystrokes are waiting for the debounce (the screen shows a spinner meanwhile). */
  typing: boolean;
  setTyping: (typing: boolean) => void;
};

export const useSearchState = create<SearchState>()((set) => ({
  typing: false,
  setTyping: (typing) => set({ typing }),
}));
