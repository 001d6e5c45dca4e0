import type { Agent } from '@parley/schema';
import { History } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAgentUsage, useAgentVersions, useRevertAgent } from '../../api/agents.ts';
import { Button } from '../../components/ui/button.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-agents.ts';

const number = new Intl.NumberFormat();

/**
 * Version history (newest first, with revert) and, for the author, usage: runs, tokens and
 * credits (beyond the spec). Both load when opened.
 */
export function HistorySection({
  agent,
  isAuthor,
  onReverted,
}: {
  agent: Agent;
  isAuthor: boolean;
  onReverted: (agent: Agent) => void;
}) {
  const [open, setOpen] = useState(false);
  const versions = useAgentVersions(agent.id, open);
  const usage = useAgentUsage(agent.id, open && isAuthor);
  const revert = useRevertAgent();
  const list = [...(versions.data ?? [])].sort((a, b) => b.version - a.version);

  return (
    <section className="rounded-xl border border-border p-3" data-testid="agent-history">
      <button
        type="button"
        className="flex min-h-8 w-full items-center gap-2 text-left text-sm font-semibold"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="agent-history-toggle"
      >
        <History className="size-4 shrink-0" />
        {t('com_agents_history')}
        <span className="ml-auto shrink-0 text-xs font-normal text-muted-foreground">
          {t('com_agents_version_n', { n: agent.version })}
        </span>
      </button>
      {open ? (
        <div className="mt-2 flex flex-col gap-3">
          {isAuthor && usage.data ? (
            <dl className="grid grid-cols-3 gap-2 text-center" data-testid="agent-usage">
              <div>
                <dt className="text-xs text-muted-foreground">{t('com_agents_usage_runs')}</dt>
                <dd className="text-sm font-medium">{number.format(usage.data.runs)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t('com_agents_usage_tokens')}</dt>
                <dd className="text-sm font-medium">
                  {number.format(usage.data.inputTokens + usage.data.outputTokens)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t('com_agents_usage_credits')}</dt>
                <dd className="text-sm font-medium">{number.format(usage.data.credits)}</dd>
              </div>
            </dl>
          ) : null}
          <ol className="flex flex-col gap-1" data-testid="agent-versions">
            {list.map((v) => (
              <li
                key={v.version}
                className="flex items-center gap-2 rounded-lg px-1 py-1 text-sm"
                data-testid="agent-version"
              >
                <span className="font-medium">{t('com_agents_version_n', { n: v.version })}</span>
                <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground">
                  {new Date(v.updatedAt).toLocaleString()}
                </span>
                {v.version === agent.version ? (
                  <span className="text-xs text-muted-foreground">{t('com_agents_version_current')}</span>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={revert.isPending}
                    data-testid="agent-version-revert"
                    onClick={() =>
                      revert.mutate(
                        { id: agent.id, version: v.version },
                        {
                          onSuccess: (saved) => {
                            toast.success(t('com_agents_reverted', { n: v.version }));
                            onReverted(saved);
                          },
                          onError: () => toast.error(t('com_agents_update_error')),
                        },
                      )
                    }
                  >
                    {t('com_agents_revert')}
                  </Button>
                )}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
