import type { EphemeralAgent } from '@parley/schema';
import { useEffect, useMemo } from 'react';
import { usePreferences } from '../../store/preferences.ts';
import { ephemeralAgentOf, NEW_CHAT_KEY, useBadgeStore } from './badge-store.ts';
import type { BadgeId } from './badges.ts';

/**
 * The tool toggles a chat is sent with (`ephemeralAgent`), kept per conversation. A new chat uses
 * the NEW_CHAT_KEY entry; once the server names its conversation (`learnedId`), the new
 * conversation keeps a copy, and the next new chat starts from the same toggles only with the
 * saveBadgesState preference on. Only badges the server can serve are sent, and of the MCP servers
 * picked only those the user has now (doc 3: 'filtered to the available servers').
 */
export function useToolToggles(o: {
  conversationId: string | null;
  learnedId: string | null;
  available: Record<BadgeId, boolean>;
  /** The MCP servers offered in the badge (names); a picked server not among them is not sent. */
  mcpServers: readonly string[];
  /** Saved agents run their own tools: nothing is sent for them. */
  enabled: boolean;
}): { toolKey: string; ephemeralAgent: EphemeralAgent | undefined } {
  const { conversationId, learnedId, available, mcpServers, enabled } = o;
  const carryNew = useBadgeStore((s) => s.carryNew);
  const keepNew = usePreferences((s) => s.saveBadgesState);
  useEffect(() => {
    if (conversationId === null && learnedId) carryNew(learnedId, keepNew);
  }, [conversationId, learnedId, carryNew, keepNew]);
  const toolKey = conversationId ?? learnedId ?? NEW_CHAT_KEY;
  const toggles = useBadgeStore((s) => s.toggles[toolKey]);
  const { deep_dive, execute_code, mcp } = available;
  const ephemeralAgent = useMemo(
    () =>
      enabled
        ? ephemeralAgentOf(
            toggles && {
              deep_dive: deep_dive && toggles.deep_dive,
              execute_code: execute_code && toggles.execute_code,
              mcp: mcp ? availableMcp(toggles.mcp, mcpServers) : undefined,
            },
          )
        : undefined,
    [enabled, toggles, deep_dive, execute_code, mcp, mcpServers],
  );
  return { toolKey, ephemeralAgent };
}

/** The picked MCP servers the user still has (a removed or renamed server drops out). */
export function availableMcp(picked: readonly string[] | undefined, servers: readonly string[]): string[] {
  if (!picked?.length) return [];
  const known = new Set(servers);
  return picked.filter((name) => known.has(name));
}
