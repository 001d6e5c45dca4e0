import type { Agent } from '@parley/schema';
import { ChevronLeft, Lock, Plus, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useAgents } from '../../api/agents.ts';
import { useStartupConfig } from '../../api/config.ts';
import { useEndpointsConfig } from '../../api/endpoints.ts';
import { SidePanel } from '../../components/side-panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';
import { useSession } from '../../store/session.ts';
import { AdvancedPanel } from './advanced-panel.tsx';
import { canEditAgent, nextAfterDelete, withActionTools } from './agent-form.ts';
import { BuilderForm } from './builder-form.tsx';
import { agentsEndpoint } from './capabilities.ts';
import { ModelPanel } from './model-panel.tsx';
import type { ProviderOption, RenderParameters } from './types.ts';
import { useAgentEditor } from './use-agent-editor.ts';
import '../../i18n/en-agents.ts';

// Plain lazy, not lazyOnOpen: a module this chunk shares with /chat/new's becomes one more request there.
const ActionsPanel = lazy(() => import('./actions-panel.tsx'));
const PermissionsDialog = lazy(() =>
  import('../../components/permissions-dialog.tsx').then((m) => ({ default: m.PermissionsDialog })),
);

/** The instance project's id when the server does not name one (startup config `instanceProjectId`). */
const DEFAULT_INSTANCE_PROJECT = 'instance';

export type AgentsPanelProps = {
  /** The chat's agent (its conversation's agent_id). */
  currentAgentId: string | null;
  /** Selecting an agent starts a new chat with it; null clears the chat's agent (doc 3 §4). */
  onSelectAgent: (agent: Agent | null) => void;
  providers: ProviderOption[];
  renderParameters: RenderParameters;
  /** AGENTS SHARED_GLOBAL and RUN_CODE USE, read by the caller. */
  permissions: { sharedGlobal: boolean; runCode: boolean; mcpServers: boolean };
};

type View = 'builder' | 'model' | 'advanced' | 'actions';

/** The agent builder side panel (doc 3 §2 entry 2) with its sub-panels builder / model / advanced / actions. */
export default function AgentsPanel({
  currentAgentId,
  onSelectAgent,
  providers,
  renderParameters,
  permissions,
}: AgentsPanelProps) {
  const user = useSession((s) => s.user);
  const config = useStartupConfig();
  const endpoints = useEndpointsConfig();
  const endpoint = useMemo(() => agentsEndpoint(endpoints.data), [endpoints.data]);
  const list = useAgents();
  const agents = useMemo(() => list.data?.data ?? [], [list.data]);
  const editor = useAgentEditor(currentAgentId, onSelectAgent);
  const [view, setView] = useState<View>('builder');
  const [adminOpen, setAdminOpen] = useState(false);
  const { sharedGlobal, runCode, mcpServers } = permissions;
  const instanceProjectId =
    (config.data as { instanceProjectId?: string } | undefined)?.instanceProjectId ??
    DEFAULT_INSTANCE_PROJECT;
  const viewer = user ? { id: user.id, role: user.role } : null;
  const editable = agents.filter((a) => canEditAgent(a, viewer));
  const isAdmin = user?.role === 'ADMIN';

  const back = (
    <Button variant="ghost" size="sm" onClick={() => setView('builder')} data-testid="agent-subpanel-back">
      <ChevronLeft className="size-4" />
      {t('com_ui_back')}
    </Button>
  );

  let body: React.ReactNode;
  if (editor.loading) body = <Spinner className="mx-auto mt-8" label={t('com_agents_loading')} />;
  else if (editor.agent && !canEditAgent(editor.agent, viewer))
    body = (
      <div className="mt-10 flex flex-col items-center gap-2 text-center" data-testid="agent-no-access">
        <Lock className="size-6 text-muted-foreground" />
        <p className="text-sm font-medium">{t('com_agents_not_available')}</p>
        <p className="text-xs text-muted-foreground">{t('com_agents_no_access')}</p>
        <Button variant="outline" size="sm" onClick={editor.createNew} data-testid="agent-create-new">
          <Plus className="size-4" />
          {t('com_agents_create_new')}
        </Button>
      </div>
    );
  else if (view === 'model')
    body = (
      <>
        {back}
        <ModelPanel
          form={editor.form}
          setForm={editor.setForm}
          providers={providers}
          allowedProviders={endpoint?.allowedProviders}
          renderParameters={renderParameters}
        />
      </>
    );
  else if (view === 'advanced')
    body = (
      <>
        {back}
        <AdvancedPanel
          form={editor.form}
          setForm={editor.setForm}
          agents={agents}
          chain={endpoint?.capabilities.has('chain') ?? false}
          maxRecursionLimit={endpoint?.maxRecursionLimit ?? 100}
        />
      </>
    );
  else if (view === 'actions')
    body = (
      <>
        {back}
        <Suspense fallback={<Spinner className="mx-auto mt-8" />}>
          <ActionsPanel
            agentId={editor.form.id}
            onAgentChanged={({ agent, removedTools }) =>
              editor.setForm((f) => withActionTools(f, agent, removedTools))
            }
          />
        </Suspense>
      </>
    );
  else
    body = (
      <BuilderForm
        editor={editor}
        agents={editable}
        capabilities={endpoint?.capabilities ?? new Set()}
        runCode={runCode}
        mcpServers={mcpServers}
        viewer={viewer}
        sharedGlobal={sharedGlobal}
        instanceProjectId={instanceProjectId}
        avatarSizeLimit={config.data?.avatarSizeLimit}
        onOpenModel={() => setView('model')}
        onOpenAdvanced={() => setView('advanced')}
        onOpenActions={() => setView('actions')}
        onDelete={() => editor.del((id) => nextAfterDelete(agents, id))}
      />
    );

  return (
    <SidePanel title={t('com_agents_builder')}>
      <div data-testid="agents-panel" className="flex flex-col gap-3">
        {isAdmin && view === 'builder' ? (
          <Button
            variant="ghost"
            size="sm"
            className="self-end"
            onClick={() => setAdminOpen(true)}
            data-testid="agents-admin-settings"
          >
            <ShieldCheck className="size-4" />
            {t('com_agents_admin_settings')}
          </Button>
        ) : null}
        {body}
      </div>
      {adminOpen ? (
        <Suspense fallback={null}>
          <PermissionsDialog type="AGENTS" open onOpenChange={setAdminOpen} />
        </Suspense>
      ) : null}
    </SidePanel>
  );
}
