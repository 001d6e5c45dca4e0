import type { Agent } from '@parley/schema';
import { Bot } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useEndpointsConfig } from '../../api/endpoints.ts';
import { usePermission } from '../../api/permissions.ts';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { t } from '../../i18n/t.ts';
import { agentsBuilderDisabled, agentsOffered } from '../../lib/agent-endpoint.ts';
import { useSidePanel } from '../../store/side-panel.ts';

// The builder and its form load when the panel first opens, off /chat/new's critical path.
const AssistantsPanel = lazy(() => import('./assistants-panel.tsx'));

/**
 * Whether the side panel offers the assistant builder (doc 3 §2 entry 1). Assistants are agents
 * now (issue 15), so the agents endpoint, AGENTS USE and CREATE and a builder not disabled.
 */
export function useAssistantBuilderAllowed(): boolean {
  const endpoints = useEndpointsConfig();
  const use = usePermission('AGENTS', 'USE');
  const create = usePermission('AGENTS', 'CREATE');
  return use && create && agentsOffered(endpoints.data) && !agentsBuilderDisabled(endpoints.data);
}

/** Whether the selector lists assistants: the agents endpoint offered and AGENTS USE. */
export function useAssistantsListed(): boolean {
  const endpoints = useEndpointsConfig();
  return usePermission('AGENTS', 'USE') && agentsOffered(endpoints.data);
}

/** The header button of the side panel's 'Assistant Builder' entry. */
export function AssistantsToggle() {
  const open = useSidePanel((s) => s.active === 'assistants');
  const toggle = useSidePanel((s) => s.toggle);
  return (
    <IconButton
      label={t('com_sidepanel_assistant_builder')}
      tooltipSide="bottom"
      onClick={() => toggle('assistants')}
      aria-pressed={open}
      data-testid="assistants-panel-button"
    >
      <Bot className="size-5" />
    </IconButton>
  );
}

/** The assistant builder when it is the open side panel. */
export function AssistantsSidePanel({
  assistantId,
  onChat,
}: {
  /** The conversation's agent, opened first when it is one of the user's assistants. */
  assistantId?: string | null;
  onChat?: (agent: Agent) => void;
}) {
  const open = useSidePanel((s) => s.active === 'assistants');
  const runCode = usePermission('RUN_CODE', 'USE');
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AssistantsPanel assistantId={assistantId} onChat={onChat} runCode={runCode} />
    </Suspense>
  );
}
