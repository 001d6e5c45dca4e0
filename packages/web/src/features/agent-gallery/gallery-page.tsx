import type { Agent } from '@parley/schema';
import { ArrowLeft, Upload } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useAgentCategories, useAgentPages } from '../../api/agents.ts';
import { Button } from '../../components/ui/button.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-agent-gallery.ts';
import { cn } from '../../lib/cn.ts';
import { lazyOnOpen } from '../../lib/lazy-on-open.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';
import { AgentCard, agentName } from './agent-card.tsx';
import { AgentDetailDialog } from './agent-detail-dialog.tsx';
import { AgentGrid } from './agent-grid.tsx';
import { tabLabel } from './category-label.ts';
import {
  agentChatPath,
  agentsOf,
  FEATURED_PREVIEW,
  FIXED_TABS,
  GALLERY_SEARCH_DEBOUNCE_MS,
  listQueryFor,
  tabFromParam,
  tabPath,
  visibleCategories,
} from './gallery-query.ts';

const ImportDialog = lazyOnOpen(() => import('./import-dialog.tsx'));

const EMPTY_TEXT = {
  mine: 'com_gallery_empty_mine',
  shared: 'com_gallery_empty_shared',
} as const;

/**
 * /agents and /agents/:category (LibreChat's marketplace routes; issue 15 point 6): search, tabs
 * (all, featured, shared with me, mine, then the server's categories), agent cards read page by
 * page, a detail dialog with "Start chat", and the OpenAI assistant import. AGENTS USE only.
 */
export default function AgentGalleryPage({
  access,
}: {
  /** AGENTS USE: true, false, or null while the roles load (read by the route). */
  access: boolean | null;
}) {
  const { category } = useParams();
  const tab = tabFromParam(category);
  const navigate = useNavigate();
  const allowed = access === true;
  const [search, setSearch] = useState('');
  const query = useDebounced(search, GALLERY_SEARCH_DEBOUNCE_MS);
  const categories = useAgentCategories(allowed);
  const [open, setOpen] = useState<{ agent: Agent; skipped?: string[] } | null>(null);
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    document.title = t('com_gallery_title');
  }, []);

  const startChat = (agent: Agent) => navigate(agentChatPath(agent.id));
  const onOpen = (agent: Agent) => setOpen({ agent });

  let body: ReactNode;
  if (access === null) body = <Spinner className="mx-auto my-16" label={t('com_gallery_loading')} />;
  else if (!allowed)
    body = (
      <p className="py-16 text-center text-sm text-muted-foreground" data-testid="gallery-no-access">
        {t('com_gallery_no_access')}
      </p>
    );
  else {
    const searching = query.trim() !== '';
    const tabs = [
      ...FIXED_TABS.map((value) => ({ value, label: tabLabel(value) })),
      ...visibleCategories(categories.data ?? [], tab).map((entry) => ({
        value: entry.value,
        label: tabLabel(entry.value, entry),
      })),
    ];
    const empty = searching
      ? t('com_gallery_empty_search', { 0: query.trim() })
      : t(tab in EMPTY_TEXT ? EMPTY_TEXT[tab as keyof typeof EMPTY_TEXT] : 'com_gallery_empty');
    body = (
      <>
        {/* In a row: the field grows sideways (flex-1), not down the column. */}
        <div className="flex">
          <SearchField
            value={search}
            onChange={setSearch}
            label={t('com_gallery_search')}
            testId="gallery-search"
          />
        </div>
        <nav aria-label={t('com_gallery_tabs')} className="-mx-4 overflow-x-auto px-4">
          <ul className="flex w-max gap-1.5 pb-1">
            {tabs.map(({ value, label }) => (
              <li key={value}>
                <Link
                  to={tabPath(value)}
                  aria-current={value === tab ? 'page' : undefined}
                  data-testid="gallery-tab"
                  data-tab={value}
                  className={cn(
                    'inline-flex h-8 items-center whitespace-nowrap rounded-full border px-3 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    value === tab
                      ? 'border-foreground bg-foreground text-background'
                      : 'border-border hover:bg-accent',
                  )}
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {tab === 'all' && !searching ? <FeaturedSection onOpen={onOpen} /> : null}
        <section className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold">
            {searching
              ? t('com_gallery_results')
              : tab === 'all'
                ? t('com_gallery_all_agents')
                : tabLabel(tab)}
          </h2>
          <AgentGrid key={`${tab}:${query}`} query={listQueryFor(tab, query)} empty={empty} onOpen={onOpen} />
        </section>
      </>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col bg-background" data-testid="agent-gallery">
      <header className="flex items-center gap-3 border-b border-border px-4 py-3">
        <Link
          to="/chat/new"
          aria-label={t('com_gallery_back')}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft className="size-5" />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-semibold">{t('com_gallery_title')}</h1>
          <p className="hidden truncate text-sm text-muted-foreground sm:block">
            {t('com_gallery_subtitle')}
          </p>
        </div>
        {allowed ? (
          <Button variant="outline" size="sm" onClick={() => setImporting(true)} data-testid="gallery-import">
            <Upload className="size-4" />
            {t('com_gallery_import')}
          </Button>
        ) : null}
      </header>
      <main className="mx-auto flex w-full max-w-5xl min-w-0 flex-1 flex-col gap-4 px-4 py-4">{body}</main>
      <AgentDetailDialog
        agent={open?.agent ?? null}
        skipped={open?.skipped}
        onClose={() => setOpen(null)}
        onStartChat={startChat}
      />
      <ImportDialog
        open={importing}
        onOpenChange={setImporting}
        onImported={({ agent, skipped }) => {
          setImporting(false);
          toast.success(t('com_gallery_import_success', { 0: agentName(agent) }));
          setOpen({ agent, skipped });
        }}
      />
    </div>
  );
}

/** The first featured agents (promoted=1), on the "All" tab; hidden while there are none. */
function FeaturedSection({ onOpen }: { onOpen: (agent: Agent) => void }) {
  const pages = useAgentPages({ ...listQueryFor('promoted', ''), limit: FEATURED_PREVIEW });
  const agents = agentsOf(pages.data?.pages).slice(0, FEATURED_PREVIEW);
  if (agents.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" data-testid="gallery-featured">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold">{t('com_gallery_featured')}</h2>
        <Link
          to={tabPath('promoted')}
          className="text-sm text-muted-foreground hover:text-foreground hover:underline"
        >
          {t('com_gallery_see_all')}
        </Link>
      </div>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {agents.map((agent) => (
          <li key={agent.id} className="min-w-0">
            <AgentCard agent={agent} onOpen={onOpen} />
          </li>
        ))}
      </ul>
    </section>
  );
}
