import { useEffect, useMemo, useState } from 'react';
import { useMcpServers } from '../../api/mcp.ts';
import { usePermission } from '../../api/permissions.ts';

const NONE: Record<string, string> = {};
/** How long after mount the list is asked for (the composer is drawn well before). */
export const IDLE_AFTER_MS = 1_000;

/**
 * The servers the composer's MCP badge offers (name → title): the user's chatMenu servers, with
 * MCP_SERVERS USE. The list is asked for a second after mount, once the page is idle, so /chat/new's
 * critical path (its request budget) is unchanged; the badge appears when the answer names a server.
 */
export function useMcpBadgeServers(enabled: boolean): Record<string, string> {
  const allowed = usePermission('MCP_SERVERS', 'USE') && enabled;
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!allowed || idle) return;
    const w = window as Window & {
      requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number;
    };
    let idleId: number | undefined;
    const timer = setTimeout(() => {
      if (w.requestIdleCallback) idleId = w.requestIdleCallback(() => setIdle(true), { timeout: 2_000 });
      else setIdle(true);
    }, IDLE_AFTER_MS);
    return () => {
      clearTimeout(timer);
      if (idleId !== undefined) w.cancelIdleCallback?.(idleId);
    };
  }, [allowed, idle]);
  const servers = useMcpServers(allowed && idle);
  return useMemo(() => {
    if (!allowed || !servers.data) return NONE;
    const out: Record<string, string> = {};
    for (const s of Object.values(servers.data)) if (s.chatMenu) out[s.serverName] = s.title ?? s.serverName;
    return Object.keys(out).length > 0 ? out : NONE;
  }, [allowed, servers.data]);
}
