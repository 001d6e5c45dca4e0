import type { EphemeralAgent } from '@parley/schema';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { type BadgeLayout, normalizeLayout } from './badges.ts';

/** The toggles of a chat not created yet; a new conversation starts with them (last-used tools). */
export const NEW_CHAT_KEY = 'new';
/** Conversations whose toggles are kept (the oldest go first). */
export const TOGGLES_KEPT = 200;

export type ToolToggles = Pick<EphemeralAgent, 'deep_dive' | 'execute_code' | 'mcp'>;

type BadgeState = {
  /** Per user id: their badge order and removed badges (saved from edit mode). */
  layouts: Record<string, BadgeLayout>;
  /** Per conversation id (or NEW_CHAT_KEY): its tool toggles, as LibreChat keys them. */
  toggles: Record<string, ToolToggles>;
  saveLayout: (userId: string, layout: BadgeLayout) => void;
  setToggle: (key: string, id: 'deep_dive' | 'execute_code', on: boolean) => void;
  /** The MCP servers picked for this conversation (their names, in the order picked). */
  setMcp: (key: string, servers: string[]) => void;
  /**
   * A new chat was created as `conversationId`: it keeps the toggles it was sent with. Without
   * `keepNew` (the saveBadgesState preference off) the next new chat starts with none on.
   */
  carryNew: (conversationId: string, keepNew: boolean) => void;
};

/** At most TOGGLES_KEPT entries, the new chat's always kept; insertion order is age. */
function bounded(toggles: Record<string, ToolToggles>): Record<string, ToolToggles> {
  const keys = Object.keys(toggles).filter((k) => k !== NEW_CHAT_KEY);
  if (keys.length <= TOGGLES_KEPT) return toggles;
  const drop = new Set(keys.slice(0, keys.length - TOGGLES_KEPT));
  return Object.fromEntries(Object.entries(toggles).filter(([k]) => !drop.has(k)));
}

export const useBadgeStore = create<BadgeState>()(
  persist(
    (set) => ({
      layouts: {},
      toggles: {},
      saveLayout: (userId, layout) =>
        set((s) => ({ layouts: { ...s.layouts, [userId]: normalizeLayout(layout) } })),
      setToggle: (key, id, on) =>
        set((s) => {
          const { [key]: current, ...rest } = s.toggles;
          // Re-inserted: the conversation used last is the newest entry.
          return { toggles: bounded({ ...rest, [key]: { ...current, [id]: on } }) };
        }),
      setMcp: (key, servers) =>
        set((s) => {
          const { [key]: current, ...rest } = s.toggles;
          return { toggles: bounded({ ...rest, [key]: { ...current, mcp: [...new Set(servers)] } }) };
        }),
      carryNew: (conversationId, keepNew) =>
        set((s) => {
          const started = s.toggles[NEW_CHAT_KEY];
          if (s.toggles[conversationId] || !started) return s;
          const toggles = bounded({ ...s.toggles, [conversationId]: { ...started } });
          if (!keepNew) delete toggles[NEW_CHAT_KEY];
          return { toggles };
        }),
    }),
    {
      name: 'tool-badges',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ layouts, toggles }) => ({ layouts, toggles }),
    },
  ),
);

/** The request's `ephemeralAgent`: the toggles that are on, or undefined when none is. */
export function ephemeralAgentOf(toggles: ToolToggles | undefined): EphemeralAgent | undefined {
  if (!toggles) return undefined;
  const out: EphemeralAgent = {};
  if (toggles.deep_dive) out.deep_dive = true;
  if (toggles.execute_code) out.execute_code = true;
  if (toggles.mcp?.length) out.mcp = [...toggles.mcp];
  return Object.keys(out).length > 0 ? out : undefined;
}
