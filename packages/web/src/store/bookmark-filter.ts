import { create } from 'zustand';

// Shared by two features, so it lives here: features/bookmarks sets it (the filter, the panel's
// renames and deletes) and features/sidebar reads it to narrow the conversation list.

/** Tags chosen in the sidebar bookmark filter (doc 1 §2); empty shows every conversation. */
type BookmarkFilterState = {
  tags: string[];
  toggle: (tag: string) => void;
  /** Follow a rename or delete of a chosen tag. */
  replace: (from: string, to: string | null) => void;
  clear: () => void;
};

export const useBookmarkFilter = create<BookmarkFilterState>()((set, get) => ({
  tags: [],
  toggle: (tag) => {
    const tags = get().tags;
    set({ tags: tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag] });
  },
  replace: (from, to) => {
    const tags = get().tags;
    if (!tags.includes(from)) return;
    set({ tags: tags.flatMap((t) => (t === from ? (to ? [to] : []) : [t])) });
  },
  clear: () => set({ tags: [] }),
}));
