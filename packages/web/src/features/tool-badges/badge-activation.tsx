import type { AvailableTool } from '@parley/schema';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useAgentTools, useToolAuth } from '../../api/agents.ts';
import { needsKeys } from '../../lib/tool-auth.ts';
import type { ToggleBadgeId } from './badges.ts';
import { DeepDiveDialog } from './deep-dive-dialog.tsx';

/** The tool whose keys a badge needs before it turns on (GET /api/agents/tools/:toolId/auth). */
export const BADGE_TOOL: Record<ToggleBadgeId, string> = {
  deep_dive: 'web_search',
  execute_code: 'execute_code',
};

const ToolKeyDialog = lazy(() => import('../../components/tool-key-dialog.tsx'));

/**
 * Turning a badge on (doc 3 §4): its tool's auth status (retried once) decides. Authenticated, it
 * turns on; not, the API key dialog opens instead and the badge turns on once the keys are saved.
 * Deep Dive then shows its notice. When the status or the tool list cannot be read (no agents
 * permission), the badge turns on and the tool's own answer says what is missing.
 */
export default function BadgeActivation({
  badge,
  icon,
  onEnabled,
  onDone,
}: {
  badge: ToggleBadgeId;
  /** The badge's icon, for the Deep Dive notice. */
  icon: ReactNode;
  onEnabled: () => void;
  onDone: () => void;
}) {
  const status = useToolAuth(BADGE_TOOL[badge]);
  const unauthenticated = status.data?.authenticated === false;
  const tools = useAgentTools(unauthenticated);
  const [phase, setPhase] = useState<'checking' | 'keys' | 'notice'>('checking');
  const tool: AvailableTool | undefined = tools.data?.find((x) => x.pluginKey === BADGE_TOOL[badge]);

  // Saving the keys closes their dialog right after: that close must not end the activation.
  const enabled = useRef(false);
  const enable = () => {
    enabled.current = true;
    onEnabled();
    if (badge === 'deep_dive') setPhase('notice');
    else onDone();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: decides once per answer
  useEffect(() => {
    if (phase !== 'checking') return;
    if (status.isError || status.data?.authenticated) return enable();
    if (!unauthenticated) return;
    if (tools.isError || (tools.data && !needsKeys(tool))) return enable();
    if (tool) setPhase('keys');
  }, [status.data, status.isError, tools.data, tools.isError]);

  if (phase === 'notice') return <DeepDiveDialog icon={icon} onClose={onDone} />;
  if (phase === 'keys' && tool)
    return (
      <Suspense fallback={null}>
        <ToolKeyDialog
          tool={tool}
          open
          onOpenChange={(open) => {
            if (!open && !enabled.current) onDone();
          }}
          onSaved={enable}
        />
      </Suspense>
    );
  return null;
}
