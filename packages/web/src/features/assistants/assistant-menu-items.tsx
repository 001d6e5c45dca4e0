import type { Agent } from '@parley/schema';
import { Bot, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { useAgents } from '../../api/agents.ts';
import {
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { t } from '../../i18n/t.ts';

/** Assistants whose name or description holds the query. */
export function filterAssistants(agents: readonly Agent[], query: string): Agent[] {
  const q = query.trim().toLowerCase();
  const assistants = agents.filter((a) => a.kind === 'assistant');
  if (!q) return assistants;
  return assistants.filter((a) =>
    [a.name ?? '', a.description ?? ''].some((s) => s.toLowerCase().includes(q)),
  );
}

function AssistantItem({ agent, onChoose }: { agent: Agent; onChoose: (agent: Agent) => void }) {
  return (
    <DropdownMenuItem
      onSelect={() => onChoose(agent)}
      data-testid="assistant-option"
      data-agent-id={agent.id}
    >
      {agent.avatar?.filepath ? (
        <img src={agent.avatar.filepath} alt="" className="size-5 shrink-0 rounded-full object-cover" />
      ) : (
        <Bot className="size-4 shrink-0" />
      )}
      <span className="min-w-0">
        <span className="block truncate">{agent.name || agent.id}</span>
        {agent.description ? (
          <span className="block truncate text-xs text-muted-foreground">{agent.description}</span>
        ) : null}
      </span>
    </DropdownMenuItem>
  );
}

/**
 * The model selector's assistants list (doc 3 §2 "nested model/agent/assistant lists"): the usable
 * agents of kind 'assistant', nested under "Assistants", flat while searching. Rendered inside the
 * open menu only, so the list is asked for when the menu opens.
 */
export function AssistantMenuItems({
  query,
  onChoose,
  onCreate,
}: {
  query: string;
  onChoose: (agent: Agent) => void;
  /** Opens the assistant builder; absent when the user may not build. */
  onCreate?: () => void;
}) {
  const list = useAgents({});
  const shown = useMemo(() => filterAssistants(list.data?.data ?? [], query), [list.data, query]);
  if (query.trim()) {
    if (shown.length === 0) return null;
    return (
      <>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t('com_endpoint_assistants')}</DropdownMenuLabel>
        {shown.map((agent) => (
          <AssistantItem key={agent.id} agent={agent} onChoose={onChoose} />
        ))}
      </>
    );
  }
  if (shown.length === 0 && !onCreate) return null;
  return (
    <>
      <DropdownMenuSeparator />
      <DropdownMenuSub>
        <DropdownMenuSubTrigger data-testid="assistants-option">
          <Bot className="size-4" />
          <span className="truncate">{t('com_endpoint_assistants')}</span>
        </DropdownMenuSubTrigger>
        <DropdownMenuSubContent className="max-h-[min(60vh,24rem)] w-64 overflow-y-auto">
          <DropdownMenuLabel>{t('com_endpoint_assistants')}</DropdownMenuLabel>
          {shown.map((agent) => (
            <AssistantItem key={agent.id} agent={agent} onChoose={onChoose} />
          ))}
          {onCreate ? (
            <DropdownMenuItem onSelect={() => setTimeout(onCreate, 0)} data-testid="assistant-create">
              <Plus className="size-4" />
              {t('com_ui_create_assistant')}
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuSubContent>
      </DropdownMenuSub>
    </>
  );
}
