import { Bot } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useEndpointsConfig } from '../../api/endpoints.ts';
import { usePermission } from '../../api/permissions.ts';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { t } from '../../i18n/t.ts';
import { useOpenedOnce } from '../../lib/lazy-on-open.tsx';
import { useSidePanel } from '../../store/side-panel.ts';
import type { AgentsPanelProps } from './agents-panel.tsx';

// The builder, its sub-panels and dialogs load when first opened, off /chat/new's critical path.
const AgentsPanel = lazy(() => import('./agents-panel.tsx'));

/**
 * doc 3 §2 entry 2: the agents endpoint, AGENTS USE + CREATE, and the builder not disabled. Reads
 * the entry's flag directly: capabilities.ts pulls the agent schema (and zod) into /chat/new.
 */
export function useAgentBuilderAllowed(): boolean {
  const endpoints = useEndpointsConfig();
  const use = usePermission('AGENTS', 'USE');
  const create = usePermission('AGENTS', 'CREATE');
  const entry = endpoints.data?.agents as { disableBuilder?: boolean } | undefined;
  return !!entry && entry.disableBuilder !== true && use && create;
}

/** The permissions the builder needs, read here (on the chat's chunk) and handed to the panel. */
function useBuilderPermissions() {
  return {
    sharedGlobal: usePermission('AGENTS', 'SHARED_GLOBAL'),
    runCode: usePermission('RUN_CODE', 'USE'),
    mcpServers: usePermission('MCP_SERVERS', 'USE'),
  };
}

/** The header button for the side panel's 'Agent builder' entry. */
export function AgentsToggle() {
  const open = useSidePanel((s) => s.active === 'agents');
  const toggle = useSidePanel((s) => s.toggle);
  return (
    <IconButton
      label={t('com_ui_agent_builder')}
      tooltipSide="bottom"
      onClick={() => toggle('agents')}
      aria-pressed={open}
      data-testid="agents-panel-button"
    >
      <Bot className="size-5" />
    </IconButton>
  );
}

/** The builder once opened; it stays mounted so a half-typed agent survives switching panels. */
export function AgentsSidePanel(props: Omit<AgentsPanelProps, 'permissions'>) {
  const open = useSidePanel((s) => s.active === 'agents');
  const permissions = useBuilderPermissions();
  if (!useOpenedOnce(open)) return null;
  return (
    <div className={open ? 'contents' : 'hidden'} data-testid="agents-side-panel">
      <Suspense fallback={null}>
        <AgentsPanel {...props} permissions={permissions} />
      </Suspense>
    </div>
  );
}
