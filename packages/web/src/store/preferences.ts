import type { ForkOption } from '@parley/schema';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type Theme = 'system' | 'light' | 'dark';
export const FONT_SIZES = ['text-xs', 'text-sm', 'text-base', 'text-lg', 'text-xl'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

/** User preferences saved in the browser, with the defaults of doc 1 §9. */
export type Preferences = {
  enterToSend: boolean;
  autoScroll: boolean;
  fontSize: FontSize;
  chatDirection: 'LTR' | 'RTL';
  saveDrafts: boolean;
  showScrollButton: boolean;
  modularChat: boolean;
  /** Full model selector; off = the simple three-tier picker (doc 3 §2). */
  advancedMode: boolean;
  LaTeXParsing: boolean;
  /** null = automatic: expanded while a reply streams, collapsed after (doc 2 §4.13). */
  showThinking: boolean | null;
  showCode: boolean;
  theme: Theme;
  /** Fork settings (doc 3 §3 local keys): the option offered first, split at target, remember. */
  forkSetting: ForkOption;
  splitAtTarget: boolean;
  rememberDefaultFork: boolean;
};

export const DEFAULT_PREFERENCES: Preferences = {
  enterToSend: true,
  autoScroll: false,
  fontSize: 'text-base',
  chatDirection: 'LTR',
  saveDrafts: true,
  showScrollButton: true,
  modularChat: true,
  advancedMode: true,
  LaTeXParsing: true,
  showThinking: null,
  showCode: false,
  theme: 'system',
  forkSetting: 'directPath',
  splitAtTarget: false,
  rememberDefaultFork: false,
};

type PreferencesState = Preferences & {
  setPreference: <K extends keyof Preferences>(key: K, value: Preferences[K]) => void;
};

export const usePreferences = create<PreferencesState>()(
  persist(
    (set) => ({
      ...DEFAULT_PREFERENCES,
      setPreference: (key, value) => set({ [key]: value } as Partial<Preferences>),
    }),
    {
      name: 'preferences',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ setPreference: _ignored, ...prefs }) => prefs,
      // Only known keys survive, so a stale or hand-edited entry cannot inject junk.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<Preferences>;
        const next = { ...current };
        for (const key of Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[]) {
          if (key in stored && stored[key] !== undefined)
            (next as Record<string, unknown>)[key] = stored[key];
        }
        return next;
      },
    },
  ),
);
