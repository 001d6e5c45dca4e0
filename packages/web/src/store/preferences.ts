import { FORK_OPTIONS, type ForkOption } from '@parley/schema';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type Theme = 'system' | 'light' | 'dark';
export const FONT_SIZES = ['text-xs', 'text-sm', 'text-base', 'text-lg', 'text-xl'] as const;
export type FontSize = (typeof FONT_SIZES)[number];
/** Interface languages with a complete translation. English only for now (DESIGN §7). */
export const LANGUAGES = ['en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

/** User preferences saved in the browser, with the defaults of doc 1 §9. */
export type Preferences = {
  enterToSend: boolean;
  autoScroll: boolean;
  fontSize: FontSize;
  chatDirection: 'LTR' | 'RTL';
  saveDrafts: boolean;
  /** New chats start with the tools badges' toggles used last (doc 3 §3 key `saveBadgesState`). */
  saveBadgesState: boolean;
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
  /** Interface language (doc 3 §3 key `lang`). */
  lang: Language;
  /** Render the user's own messages as markdown; off shows them as typed. */
  enableUserMsgMarkdown: boolean;
  /** Messages and composer use the full width instead of the reading column. */
  maximizeChatSpace: boolean;
  /** An empty chat shows the composer in the middle, under the greeting. */
  centerFormOnLanding: boolean;
  /** Hide the right side panel and its header toggles. */
  hideSidePanel: boolean;
  /** Show the user's name (or username) on their own messages (doc 3 §3 key `UsernameDisplay`). */
  UsernameDisplay: boolean;
  /** Settings → Artifacts (doc 3 §2/§4): teach the model artifacts; with shadcn/ui; or a custom prompt. */
  codeArtifacts: boolean;
  includeShadcnui: boolean;
  customPromptMode: boolean;
  /** Settings → Commands (doc 3 §2): typing `/` opens the prompt popover. */
  slashCommand: boolean;
  /** A chosen prompt is sent at once; off, it goes into the composer (doc 1 §9, doc 3 §2). */
  autoSendPrompts: boolean;
};

export const DEFAULT_PREFERENCES: Preferences = {
  enterToSend: true,
  autoScroll: false,
  fontSize: 'text-base',
  chatDirection: 'LTR',
  saveDrafts: true,
  saveBadgesState: false,
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
  lang: 'en-US',
  enableUserMsgMarkdown: true,
  maximizeChatSpace: false,
  centerFormOnLanding: true,
  hideSidePanel: false,
  UsernameDisplay: false,
  codeArtifacts: false,
  includeShadcnui: false,
  customPromptMode: false,
  slashCommand: true,
  autoSendPrompts: true,
};

/** Allowed values of the keys that are not plain booleans; null marks "automatic". */
const CHOICES: Partial<Record<keyof Preferences, readonly unknown[]>> = {
  fontSize: FONT_SIZES,
  chatDirection: ['LTR', 'RTL'],
  showThinking: [true, false, null],
  theme: ['system', 'light', 'dark'],
  forkSetting: FORK_OPTIONS,
  lang: LANGUAGES,
};

/**
 * The stored preferences that are still valid: unknown keys are dropped and a value of the wrong
 * type or outside its choices falls back to the default, so a stale or hand-edited entry cannot
 * inject junk (doc 3 §5 "stored values are only applied when non-empty").
 */
export function sanitizePreferences(stored: unknown): Partial<Preferences> {
  if (!stored || typeof stored !== 'object') return {};
  const source = stored as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[]) {
    if (!Object.hasOwn(source, key)) continue;
    const value = source[key];
    const choices = CHOICES[key];
    const valid = choices ? choices.includes(value) : typeof value === typeof DEFAULT_PREFERENCES[key];
    if (valid) out[key] = value;
  }
  return out as Partial<Preferences>;
}

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
      // Only known keys with valid values survive.
      merge: (persisted, current) => ({ ...current, ...sanitizePreferences(persisted) }),
    },
  ),
);

/** The artifacts mode a chat is sent with (LibreChat's `artifacts` option); undefined when off. */
export function artifactsModeOf(
  p: Pick<Preferences, 'codeArtifacts' | 'includeShadcnui' | 'customPromptMode'>,
): 'default' | 'shadcnui' | 'custom' | undefined {
  if (!p.codeArtifacts) return undefined;
  if (p.customPromptMode) return 'custom';
  return p.includeShadcnui ? 'shadcnui' : 'default';
}
