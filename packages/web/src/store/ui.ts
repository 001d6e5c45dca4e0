import { create } from 'zustand';
import { readJson, writeJson } from '../lib/storage.ts';
import { matchesMedia, SMALL_SCREEN_QUERY } from '../lib/use-media-query.ts';

const NAV_KEY = 'navVisible';

type UiState = {
  /** Sidebar visibility, persisted; hidden initially on small screens when nothing was stored. */
  navVisible: boolean;
  setNavVisible: (visible: boolean) => void;
  toggleNav: () => void;
  /** Entering the small layout hides the overlay; leaving it restores the stored preference. */
  syncToScreen: (small: boolean) => void;
  settingsOpen: boolean;
  setSettingsOpen: (open: boolean) => void;
};

function initialNavVisible(): boolean {
  const stored = readJson<boolean>(NAV_KEY);
  if (typeof stored === 'boolean') return matchesMedia(SMALL_SCREEN_QUERY) ? false : stored;
  return !matchesMedia(SMALL_SCREEN_QUERY);
}

export const useUi = create<UiState>()((set, get) => ({
  navVisible: typeof window === 'undefined' ? true : initialNavVisible(),
  setNavVisible: (visible) => {
    // On small screens the sidebar is an overlay: do not persist it as the desktop preference.
    if (!matchesMedia(SMALL_SCREEN_QUERY)) writeJson(NAV_KEY, visible);
    set({ navVisible: visible });
  },
  toggleNav: () => get().setNavVisible(!get().navVisible),
  syncToScreen: (small) => {
    const stored = readJson<boolean>(NAV_KEY);
    set({ navVisible: small ? false : typeof stored === 'boolean' ? stored : true });
  },
  settingsOpen: false,
  setSettingsOpen: (open) => set({ settingsOpen: open }),
}));
