import type { Agent } from '@parley/schema';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-agent-gallery.ts';
import { cn } from '../../lib/cn.ts';

/** A hue from the agent's id, so the same agent keeps its colour. */
function hueOf(key: string): number {
  let hash = 0;
  for (const ch of key) hash = (Math.imul(hash, 31) + (ch.codePointAt(0) ?? 0)) >>> 0;
  return hash % 360;
}

/** An agent's picture, or the first letter of its name on a colour of its own. */
export function AgentAvatar({ agent, className = 'size-10 text-sm' }: { agent: Agent; className?: string }) {
  if (agent.avatar?.filepath)
    return (
      <img
        src={agent.avatar.filepath}
        alt=""
        className={cn(className, 'shrink-0 rounded-full object-cover')}
      />
    );
  return (
    <span
      aria-hidden
      style={{ backgroundColor: `hsl(${hueOf(agent.id)} 55% 42%)` }}
      className={cn(
        className,
        'inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white',
      )}
    >
      {Array.from(agent.name?.trim() || '?')[0]?.toUpperCase()}
    </span>
  );
}

export const agentName = (agent: Agent): string => agent.name?.trim() || t('com_gallery_unnamed');

/** One agent in the gallery: avatar, name, description, author. Opens the detail dialog. */
export function AgentCard({ agent, onOpen }: { agent: Agent; onOpen: (agent: Agent) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(agent)}
      data-testid="agent-card"
      data-agent-id={agent.id}
      className="flex h-full w-full min-w-0 flex-col gap-2 rounded-2xl border border-border bg-background p-4 text-left transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex min-w-0 items-center gap-3">
        <AgentAvatar agent={agent} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold" data-testid="agent-card-name">
            {agentName(agent)}
          </span>
          {agent.authorName ? (
            <span className="block truncate text-xs text-muted-foreground">
              {t('com_gallery_by', { 0: agent.authorName })}
            </span>
          ) : null}
        </span>
      </span>
      {agent.description ? (
        <span className="line-clamp-2 text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {agent.description}
        </span>
      ) : null}
    </button>
  );
}
