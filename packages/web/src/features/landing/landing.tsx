import type { Agent } from '@parley/schema';
import { useEffect, useState } from 'react';
import { AgentAvatar } from '../../components/agent-avatar.tsx';
import { t } from '../../i18n/t.ts';
import { greetingKey } from '../../lib/greeting.ts';
import { QUICK_STARTS, quickStartText } from './quick-starts.ts';

function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export type LandingAgent = Pick<Agent, 'id' | 'name' | 'avatar' | 'description' | 'conversation_starters'>;

/**
 * The landing view of an empty chat: a greeting by time of day and the quick starts; with an
 * agent, its avatar, name and description and its conversation starters, which send at once.
 */
export function Landing({
  userName,
  customWelcome,
  onQuickStart,
  agent,
  onStarter,
}: {
  userName: string | null;
  customWelcome?: string;
  onQuickStart: (text: string) => void;
  agent?: LandingAgent;
  onStarter?: (text: string) => void;
}) {
  const now = useNow(60_000);
  if (agent) return <AgentLanding agent={agent} onStarter={onStarter ?? onQuickStart} />;
  const name = userName?.trim() || null;
  const greeting = customWelcome
    ? customWelcome.replace(/\{\{\s*user\.name\s*\}\}/g, name ?? '')
    : t(greetingKey(now, name !== null), name ? { name } : undefined);
  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-10 text-center sm:px-6"
      data-testid="landing"
    >
      <h1
        className="text-balance text-2xl font-semibold tracking-tight sm:text-[28px]"
        data-testid="greeting"
      >
        {greeting}
      </h1>
      <p className="mt-2 text-base text-muted-foreground">{t('com_landing_subtitle')}</p>
      <div className="mt-8 flex max-w-2xl flex-wrap justify-center gap-2">
        {QUICK_STARTS.map(({ id, label, stem, icon: Icon, tint }) => (
          <button
            key={id}
            type="button"
            data-testid={`quick-start-${id}`}
            onClick={() => onQuickStart(quickStartText(t(stem)))}
            className="inline-flex h-10 items-center gap-2 rounded-full border border-border bg-background px-4 text-sm text-foreground/90 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Icon className={`size-4 ${tint}`} />
            {t(label)}
          </button>
        ))}
      </div>
    </div>
  );
}

function AgentLanding({ agent, onStarter }: { agent: LandingAgent; onStarter: (text: string) => void }) {
  const starters = agent.conversation_starters.filter((s) => s.trim());
  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-10 text-center sm:px-6"
      data-testid="landing"
    >
      <AgentAvatar agent={agent} className="size-16" />
      <h1
        className="mt-3 text-balance text-2xl font-semibold tracking-tight sm:text-[28px] [overflow-wrap:anywhere]"
        data-testid="landing-agent-name"
      >
        {agent.name || t('com_ui_agents')}
      </h1>
      {agent.description ? (
        <p
          className="mt-2 max-w-xl text-base text-muted-foreground [overflow-wrap:anywhere]"
          data-testid="landing-agent-description"
        >
          {agent.description}
        </p>
      ) : null}
      {starters.length > 0 ? (
        <fieldset className="mt-8 grid w-full max-w-2xl grid-cols-1 gap-2 border-0 p-0 sm:grid-cols-2">
          <legend className="sr-only">{t('com_ui_agent_starters')}</legend>
          {starters.map((text) => (
            <button
              key={text}
              type="button"
              data-testid="agent-starter-button"
              onClick={() => onStarter(text)}
              className="rounded-xl border border-border bg-background px-4 py-3 text-left text-sm text-foreground/90 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [overflow-wrap:anywhere]"
            >
              {text}
            </button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
