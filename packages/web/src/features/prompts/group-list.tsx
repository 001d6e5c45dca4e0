import { PROMPT_PAGE_SIZE, PROMPT_SEARCH_STATE_MS, type PromptGroup } from '@parley/schema';
import { ChevronLeft, ChevronRight, Globe, LoaderCircle, Plus, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type PromptGroupsQuery, usePromptCategories, usePromptGroupsPage } from '../../api/prompts.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-prompts.ts';
import { cn } from '../../lib/cn.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { categoryLabel } from './categories.ts';
import { TransferButtons } from './transfer-buttons.tsx';

export type ListFilters = { name: string; category: string };

/**
 * The library's list (doc 2 §2.5): name search (a 'searching' state for 500 ms while typing),
 * category filter (GET /api/categories), pages of 10 walked by keyset cursor (earlier pages are the
 * cursors already seen), the Create prompt button for users with PROMPTS CREATE.
 */
export function GroupList({
  filters,
  onFiltersChange,
  selectedId,
  canCreate,
}: {
  filters: ListFilters;
  onFiltersChange: (filters: ListFilters) => void;
  selectedId: string | null;
  canCreate: boolean;
}) {
  const name = useDebounced(filters.name.trim(), PROMPT_SEARCH_STATE_MS);
  const searching = filters.name.trim() !== name;
  const categories = usePromptCategories();
  const view = `${name}\u0000${filters.category}`;
  const [pages, setPages] = useState<{ view: string; cursors: (string | null)[] }>({ view, cursors: [null] });
  const cursors = pages.view === view ? pages.cursors : [null];
  const cursor = cursors[cursors.length - 1] ?? null;
  const query: PromptGroupsQuery = {
    pageSize: PROMPT_PAGE_SIZE,
    ...(name ? { name } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    ...(cursor ? { cursor } : {}),
  };
  const list = usePromptGroupsPage(query);
  const groups = list.data?.promptGroups ?? [];
  const next = list.data?.after ?? null;
  const total = Math.max(list.data?.pages ?? 1, 1);
  const filtered = Boolean(name || filters.category);

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="prompt-list">
      <div className="flex flex-col gap-2 border-b border-border p-3">
        <div className="flex gap-2">
          {canCreate ? (
            <Link
              to="/d/prompts/new"
              className={buttonClass({ variant: 'primary', size: 'sm', className: 'h-9 flex-1' })}
              data-testid="prompts-create"
            >
              <Plus className="size-4" />
              {t('com_prompts_create')}
            </Link>
          ) : (
            <div className="flex-1" />
          )}
          <TransferButtons canImport={canCreate} />
        </div>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <input
            type="search"
            value={filters.name}
            onChange={(e) => onFiltersChange({ ...filters, name: e.target.value })}
            placeholder={t('com_prompts_filter_name')}
            aria-label={t('com_prompts_filter_name')}
            aria-busy={searching || undefined}
            data-testid="prompts-search"
            className={cn(inputClass('md'), 'h-9 w-full pl-9 pr-9')}
          />
          {searching || (list.isFetching && filtered) ? (
            <LoaderCircle
              className="absolute right-3 top-1/2 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
              aria-label={t('com_prompts_searching')}
              role="status"
              data-testid="prompts-searching"
            />
          ) : null}
        </div>
        <select
          value={filters.category}
          onChange={(e) => onFiltersChange({ ...filters, category: e.target.value })}
          aria-label={t('com_prompts_category')}
          data-testid="prompts-category-filter"
          className={cn(inputClass('md'), 'h-9 w-full')}
        >
          <option value="">{t('com_prompts_all_categories')}</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.value} value={c.value}>
              {categoryLabel(c.value)}
            </option>
          ))}
        </select>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {list.isPending ? (
          <ul aria-hidden className="flex flex-col gap-1">
            {Array.from({ length: PROMPT_PAGE_SIZE }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
              <li key={i} className="h-16 animate-pulse rounded-xl bg-muted/60" />
            ))}
          </ul>
        ) : list.isError ? (
          <p className="p-4 text-center text-sm text-destructive">{t('com_prompts_load_error')}</p>
        ) : groups.length === 0 ? (
          <p className="p-4 text-center text-sm text-muted-foreground" data-testid="prompts-empty">
            {t(filtered ? 'com_prompts_none_found' : 'com_prompts_none')}
          </p>
        ) : (
          <ul className={cn('flex flex-col gap-1', list.isPlaceholderData && 'opacity-60')}>
            {groups.map((group) => (
              <li key={group._id}>
                <GroupRow group={group} selected={group._id === selectedId} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {cursors.length > 1 || next ? (
        <nav className="flex items-center justify-between gap-2 border-t border-border px-3 py-2">
          <IconButton
            label={t('com_ui_previous')}
            disabled={cursors.length <= 1}
            onClick={() => setPages({ view, cursors: cursors.slice(0, -1) })}
            data-testid="prompts-previous"
          >
            <ChevronLeft className="size-4" />
          </IconButton>
          <span className="text-sm text-muted-foreground" data-testid="prompts-page-number">
            {/* A name search is not counted by the server: its pages have no total. */}
            {name
              ? t('com_prompts_page_n', { 0: cursors.length })
              : t('com_prompts_page', { 0: cursors.length, 1: Math.max(total, cursors.length) })}
          </span>
          <IconButton
            label={t('com_ui_next')}
            disabled={!next || list.isPlaceholderData}
            onClick={() => next && setPages({ view, cursors: [...cursors, next] })}
            data-testid="prompts-next"
          >
            <ChevronRight className="size-4" />
          </IconButton>
        </nav>
      ) : null}
    </div>
  );
}

function GroupRow({ group, selected }: { group: PromptGroup; selected: boolean }) {
  const detail = group.oneliner || group.productionPrompt?.prompt || '';
  return (
    <Link
      to={`/d/prompts/${encodeURIComponent(group._id)}`}
      aria-current={selected ? 'page' : undefined}
      data-testid="prompt-group-row"
      data-group-id={group._id}
      className={cn(
        'flex min-h-14 flex-col gap-0.5 rounded-xl px-3 py-2 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        selected ? 'bg-accent' : 'hover:bg-accent/60',
      )}
    >
      <span className="flex min-w-0 items-center gap-1.5">
        <span className="min-w-0 flex-1 truncate text-sm font-medium">{group.name}</span>
        {group.isPublic ? (
          <Globe
            className="size-4 shrink-0 text-green-600 dark:text-green-400"
            aria-label={t('com_prompts_shared_global')}
            role="img"
            data-testid="prompt-shared-global"
          />
        ) : group.sharedWithMe ? (
          <Users
            className="size-4 shrink-0 text-muted-foreground"
            aria-label={t('com_prompts_shared_with_me')}
            role="img"
          />
        ) : null}
      </span>
      <span className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
        <span className="shrink-0">{categoryLabel(group.category)}</span>
        {group.command ? <span className="shrink-0 font-mono">/{group.command}</span> : null}
        {detail ? <span className="min-w-0 truncate">{detail}</span> : null}
      </span>
    </Link>
  );
}
