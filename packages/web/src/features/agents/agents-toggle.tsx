import { Bot } from 'lucide-react';
import { lazy, Suspense, useMemo } from 'react';
import { useEndpointsConfig } from '../../api/endpoints.ts';
import { usePermission } from '../../api/permissions.ts';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { t } from '../../i18n/t.ts';
import { useOpenedOnce } from '../../lib/lazy-on-open.tsx';
import { useSidePanel } from '../../store/side-panel.ts';
import type { AgentsPanelProps } from './agents-panel.tsx';
import { agentsEndpoint, builderAllowed } from './capabilities.ts';

// The builder, its sub-panels and dialogs load when first opened, off /chat/new's critical path.
const AgentsPanel = lazy(() => import('./agents-panel.tsx'));

/** doc 3 §2 entry 2: the agents endpoint, AGENTS USE + CREATE, and the builder not disabled. */
export function useAgentBuilderAllowed(): boolean {
  const endpoints = useEndpointsConfig();
  const use = usePermission('AGENTS', 'USE');
  const create = usePermission('AGENTS', 'CREATE');
  const endpoint = useMemo(() => agentsEndpoint(endpoints.data), [endpoints.data]);
  return builderAllowed(endpoint, use, create);
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
export function AgentsSidePanel(props: AgentsPanelProps) {
  const open = useSidePanel((s) => s.active === 'agents');
  if (!useOpenedOnce(open)) return null;
  return (
    <div className={open ? 'contents' : 'hidden'} data-testid="agents-side-panel">
      <Suspense fallback={null}>
        <AgentsPanel {...props} />
      </Suspense>
    </div>
  );
}
