import { AGENT_CATEGORIES, type Agent, type AgentList, type AgentListQuery } from '@parley/schema';
import type { AgentCategoryEntry } from '../../api/agents.ts';

/** Typing in the gallery's search asks once per pause (doc 3 §4 uses 500 ms for its search box). */
export const GALLERY_SEARCH_DEBOUNCE_MS = 300;
/** How many featured agents the "All" tab shows above the full list. */
export const FEATURED_PREVIEW = 6;

/**
 * The gallery's tabs, as LibreChat's marketplace routes name them (/agents/:category): the fixed
 * ones first, then the categories the server lists. 'all' is /agents itself.
 */
export const FIXED_TABS = ['all', 'promoted', 'shared', 'mine'] as const;
export type FixedTab = (typeof FIXED_TABS)[number];

export const isFixedTab = (tab: string): tab is FixedTab => (FIXED_TABS as readonly string[]).includes(tab);
export const isKnownCategory = (value: string): value is (typeof AGENT_CATEGORIES)[number] =>
  (AGENT_CATEGORIES as readonly string[]).includes(value);

/** The tab a URL segment names (an unknown one is still asked for: the server may know it). */
export function tabFromParam(param: string | undefined): string {
  const tab = (param ?? '').trim().toLowerCase();
  return tab || 'all';
}

/** The URL of a tab. */
export const tabPath = (tab: string): string =>
  tab === 'all' ? '/agents' : `/agents/${encodeURIComponent(tab)}`;

/** The list query a tab and a search make (GET /api/agents). */
export function listQueryFor(tab: string, search: string): Partial<AgentListQuery> {
  const query: Partial<AgentListQuery> = {};
  if (tab === 'promoted') query.promoted = '1';
  else if (tab === 'shared' || tab === 'mine') query.scope = tab;
  else if (tab !== 'all') query.category = tab;
  const text = search.trim();
  if (text) query.search = text;
  return query;
}

/**
 * The category tabs to show: those holding agents (when the server counts them), plus the open one
 * so a link to an empty category still shows where the user is.
 */
export function visibleCategories(entries: AgentCategoryEntry[], current: string): AgentCategoryEntry[] {
  return entries.filter(
    (e) => !isFixedTab(e.value) && (e.count === null || e.count > 0 || e.value === current),
  );
}

/** The agents of every page loaded so far, each once (a page boundary may repeat an agent that moved). */
export function agentsOf(pages: readonly AgentList[] | undefined): Agent[] {
  const seen = new Set<string>();
  const out: Agent[] = [];
  for (const page of pages ?? [])
    for (const agent of page.data) {
      if (seen.has(agent.id)) continue;
      seen.add(agent.id);
      out.push(agent);
    }
  return out;
}

/** Where "Start chat" goes: a new chat with the agent (the URL setup forces endpoint agents). */
export const agentChatPath = (id: string): string => `/chat/new?agent_id=${encodeURIComponent(id)}`;
