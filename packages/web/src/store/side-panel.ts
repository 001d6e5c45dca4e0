import { create } from 'zustand';
import { readJson, writeJson } from '../lib/storage.ts';
import { matchesMedia, SMALL_SCREEN_QUERY } from '../lib/use-media-query.ts';

// Shared, so it lives here: one right-hand panel (components/side-panel.tsx) shows either the
// chat-settings parameters, the bookmarks, the files, the prompts or the agent builder, and the app's header toggles them.

/** Local keys of the side panel (doc 3 §3 "other local storage entries"). */
const PANEL_KEY = 'side:active-panel';
const WIDTH_KEY = 'side:width';

/** The panel's width as a share of the window (doc 3 §2: 20 to 40 percent). */
export const SIDE_PANEL_MIN = 0.2;
export const SIDE_PANEL_MAX = 0.4;
const SIDE_PANEL_DEFAULT = 0.25;

export type SidePanelId = 'parameters' | 'bookmarks' | 'files' | 'agents' | 'assistants' | 'prompts';

type SidePanelState = {
  /** The open panel, or null when collapsed. */
  active: SidePanelId | null;
  width: number;
  toggle: (id: SidePanelId) => void;
  close: () => void;
  setWidth: (share: number) => void;
};

const clampShare = (share: number) => Math.min(SIDE_PANEL_MAX, Math.max(SIDE_PANEL_MIN, share));

export const useSidePanel = create<SidePanelState>()((set, get) => ({
  // Small screens start collapsed (doc 3 §2); the panel is an overlay opened on demand there.
  active:
    typeof window === 'undefined' || matchesMedia(SMALL_SCREEN_QUERY)
      ? null
      : readJson<SidePanelId>(PANEL_KEY),
  width: clampShare(readJson<number>(WIDTH_KEY) ?? SIDE_PANEL_DEFAULT),
  toggle: (id) => {
    const active = get().active === id ? null : id;
    if (!matchesMedia(SMALL_SCREEN_QUERY)) writeJson(PANEL_KEY, active);
    set({ active });
  },
  close: () => {
    if (!matchesMedia(SMALL_SCREEN_QUERY)) writeJson(PANEL_KEY, null);
    set({ active: null });
  },
  setWidth: (share) => {
    const width = clampShare(share);
    writeJson(WIDTH_KEY, width);
    set({ width });
  },
}));
