import type { Agent, AgentListQuery } from '@parley/schema';
import { useEffect, useRef } from 'react';
import { useAgentPages } from '../../api/agents.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-agent-gallery.ts';
import { AgentCard } from './agent-card.tsx';
import { agentsOf } from './gallery-query.ts';

/** Agents in a grid that reads the next page as its end scrolls into view (and by a button). */
export function AgentGrid({
  query,
  empty,
  onOpen,
  testId = 'agent-grid',
}: {
  query: Partial<AgentListQuery>;
  empty: string;
  onOpen: (agent: Agent) => void;
  testId?: string;
}) {
  const pages = useAgentPages(query);
  const agents = agentsOf(pages.data?.pages);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const paging = hasNextPage;

  useEffect(() => {
    const node = sentinel.current;
    if (!paging || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [paging, isFetchingNextPage, fetchNextPage]);

  if (pages.isPending)
    return (
      <div
        className="flex items-center gap-2 py-8 text-sm text-muted-foreground"
        data-testid={`${testId}-loading`}
      >
        <Spinner />
        {t('com_gallery_loading')}
      </div>
    );
  if (pages.isError && agents.length === 0)
    return (
      <div className="flex flex-col items-start gap-2 py-8 text-sm text-muted-foreground">
        {t('com_gallery_error')}
        <Button variant="outline" size="sm" onClick={() => void pages.refetch()}>
          {t('com_gallery_retry')}
        </Button>
      </div>
    );
  if (agents.length === 0)
    return (
      <p className="py-8 text-sm text-muted-foreground" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  return (
    <div data-testid={testId}>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {agents.map((agent) => (
          <li key={agent.id} className="min-w-0">
            <AgentCard agent={agent} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {paging ? (
        <div ref={sentinel} className="flex justify-center py-4">
          <Button
            variant="outline"
            size="sm"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
            data-testid="agent-grid-more"
          >
            {isFetchingNextPage ? <Spinner /> : null}
            {t('com_gallery_load_more')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
