import { lazy, Suspense, useState } from 'react';
import { useBadgeStore } from './badge-store.ts';
import { McpBadgeButton } from './mcp-badge-button.tsx';
import { availableMcp } from './use-tool-toggles.ts';

// The menu (server states, key form, sign-in) loads on first use: /chat/new draws only the button.
const McpMenu = lazy(() => import('./mcp-menu.tsx'));

export type McpBadgeProps = {
  toolKey: string;
  /** The servers offered here (name → title), the user's chatMenu servers. */
  servers: Record<string, string>;
};

/** The composer's MCP badge (doc 3 §2): opens a multi-select menu of the user's MCP servers. */
export function McpBadge({ toolKey, servers }: McpBadgeProps) {
  const picked = useBadgeStore((s) => s.toggles[toolKey]?.mcp);
  const count = availableMcp(picked, Object.keys(servers)).length;
  const [used, setUsed] = useState(false);
  const button = <McpBadgeButton count={count} onClick={() => setUsed(true)} />;
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <McpMenu toolKey={toolKey} servers={servers} count={count} />
    </Suspense>
  );
}
