import { Bot } from 'lucide-react';
import { memo, useState } from 'react';
import { useAgent } from '../../../api/agents.ts';
import { t } from '../../../i18n/t.ts';
import { safeImageSrc } from './safe-src.ts';

/** The agent's avatar, else a bot mark (also when the picture does not load). */
function AgentAvatar({ src }: { src: string | null }) {
  const [broken, setBroken] = useState(false);
  if (src && !broken) {
    return (
      <img
        src={src}
        alt=""
        data-testid="agent-update-avatar"
        className="size-5 shrink-0 rounded-full bg-background object-cover"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span
      aria-hidden
      className="inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-foreground text-background"
    >
      <Bot className="size-3" strokeWidth={2.25} />
    </span>
  );
}

/**
 * Where an agent of a chain starts speaking in a reply (doc 1 §3 agent_update): its avatar and
 * name. An agent the user can no longer read (deleted, unshared) shows as a generic agent.
 */
export const AgentHeader = memo(function AgentHeader({ agentId }: { agentId: string }) {
  const { data: agent } = useAgent(agentId);
  const name = agent?.name || t('com_ui_run_agent_unknown');
  return (
    <div
      data-testid="agent-update"
      data-agent-id={agentId}
      className="mt-3 mb-1 flex items-center gap-2 text-sm font-medium text-foreground first:mt-0"
    >
      <AgentAvatar src={safeImageSrc(agent?.avatar?.filepath)} />
      <span className="truncate" data-testid="agent-update-name">
        {name}
      </span>
    </div>
  );
});
