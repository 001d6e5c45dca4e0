import type { Agent, ModelSpec } from '@parley/schema';
import { ChevronDown, KeyRound, Search } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useAgents } from '../../../api/agents.ts';
import { AgentAvatar } from '../../../components/agent-avatar.tsx';
import { EndpointIcon } from '../../../components/endpoint-icon.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { t } from '../../../i18n/t.ts';
import { cn } from '../../../lib/cn.ts';
import { AGENTS_ENDPOINT } from '../chat-settings.ts';
import { type EndpointOption, filterOptions } from '../endpoint-options.ts';
import type { ActiveModel, ModelsState } from '../use-chat-settings.ts';

const optionValue = (endpoint: string, model: string) => JSON.stringify([endpoint, model]);
const specValue = (name: string) => JSON.stringify(['spec', name, '']);
const agentValue = (id: string) => JSON.stringify(['agent', id, '', '']);

function parseValue(value: string): [string, string, string?, string?] | null {
  try {
    return JSON.parse(value) as [string, string, string?, string?];
  } catch {
    return null;
  }
}

/** Specs whose label, name or description contain the query. */
export function filterSpecs(specs: readonly ModelSpec[], query: string): ModelSpec[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...specs];
  return specs.filter((s) =>
    [s.label, s.name, s.description ?? ''].some((text) => text.toLowerCase().includes(q)),
  );
}

/** Agents whose name or description contain the query. */
export function filterAgents(agents: readonly Agent[], query: string): Agent[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...agents];
  return agents.filter((a) =>
    [a.name ?? '', a.description ?? ''].some((text) => text.toLowerCase().includes(q)),
  );
}

/**
 * The header model selector (doc 3 §2): a search box, the configured model specs, then the
 * endpoints with nested model lists and their key buttons, and the agents the user may use.
 */
export function ModelPicker({
  state,
  options,
  specs,
  showEndpoints,
  active,
  onChooseModel,
  onChooseSpec,
  onSetKey,
  agentsOffered = false,
  agents: givenAgents,
  onChooseAgent,
  extraItems,
}: {
  state: ModelsState;
  options: EndpointOption[];
  specs: ModelSpec[];
  /** False when only specs may be chosen (`enforce`, or `interface.modelSelect: false`). */
  showEndpoints: boolean;
  active: ActiveModel | null;
  onChooseModel: (endpoint: string, model: string) => void;
  onChooseSpec: (spec: ModelSpec) => void;
  /** Opens the API key dialog for an endpoint with userProvide. */
  onSetKey?: (endpoint: string) => void;
  /**
   * The Agents group, shown when the agents endpoint and AGENTS USE allow it (doc 3 §6). The
   * list loads when the menu first opens, off /chat/new's critical path; `agents` gives it directly.
   */
  agentsOffered?: boolean;
  agents?: Agent[];
  onChooseAgent?: (agentId: string) => void;
  /** More groups after the endpoints, given the search text (composed by the app: assistants). */
  extraItems?: (query: string) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const fetched = useAgents({}, agentsOffered && !givenAgents && opened).data?.data;
  // Assistants are agents too; they have their own group (the app's extra items).
  const agents = givenAgents ?? (agentsOffered ? fetched?.filter((a) => a.kind !== 'assistant') : undefined);
  const search = useRef<HTMLInputElement>(null);
  // The agents endpoint lists agents, not models: it is the Agents group below.
  const filtered = useMemo(
    () => (showEndpoints ? filterOptions(options, query).filter((o) => o.name !== AGENTS_ENDPOINT) : []),
    [options, query, showEndpoints],
  );
  const shownAgents = useMemo(
    () => (showEndpoints && agents ? filterAgents(agents, query) : []),
    [agents, query, showEndpoints],
  );
  const shownSpecs = useMemo(() => filterSpecs(specs, query), [specs, query]);
  const current = active
    ? active.agent
      ? agentValue(active.agent.id)
      : active.spec
        ? specValue(active.spec.name)
        : optionValue(active.endpoint, active.model)
    : '';

  useEffect(() => {
    if (!open) {
      setQuery('');
      return;
    }
    // Radix focuses the menu on open; move focus to the search box right after.
    const frame = requestAnimationFrame(() => search.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);

  const select = (value: string) => {
    const parsed = parseValue(value);
    if (!parsed) return;
    const [kind, name] = parsed;
    if (parsed.length === 4 && kind === 'agent') onChooseAgent?.(name);
    else if (parsed.length === 3 && kind === 'spec') {
      const spec = specs.find((s) => s.name === name);
      if (spec) onChooseSpec(spec);
    } else onChooseModel(kind, name);
  };

  // Typing goes to the search box, not to the menu's typeahead; arrows still move into the list.
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!['ArrowDown', 'ArrowUp', 'Escape', 'Tab'].includes(event.key)) event.stopPropagation();
  };

  const label =
    state === 'loading' ? t('com_ui_models_loading') : active ? active.label : t('com_ui_select_model');
  const activeEndpoint = active && !active.spec ? active.endpoint : null;
  const showSpecIcon = active?.spec ? active.spec.showIconInHeader !== false : true;

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild disabled={state === 'empty' || state === 'error'}>
        <button
          type="button"
          data-testid="model-picker"
          aria-label={
            active ? t('com_ui_model_picker_label', { model: active.label }) : t('com_ui_select_model')
          }
          className="group inline-flex h-10 min-w-0 max-w-full items-center gap-2 rounded-xl px-2.5 text-[17px] font-medium text-foreground transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-accent disabled:opacity-60"
        >
          {active?.agent ? (
            <AgentAvatar agent={active.agent} className="size-5" />
          ) : active && showSpecIcon ? (
            <EndpointIcon endpoint={active.endpoint} iconURL={active.iconURL} size="sm" />
          ) : null}
          <span className="truncate">{label}</span>
          <ChevronDown className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180" />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-[min(20rem,calc(100vw-1.5rem))]">
        <div className="flex items-center gap-2 rounded-xl bg-muted px-2.5">
          <Search className="size-4 shrink-0 text-muted-foreground" />
          <input
            ref={search}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onSearchKey}
            placeholder={t('com_ui_search_models')}
            aria-label={t('com_ui_search_models')}
            data-testid="model-search"
            className="h-9 w-full min-w-0 bg-transparent text-sm outline-none placeholder:text-muted-foreground"
          />
        </div>
        <DropdownMenuSeparator />
        {shownSpecs.length > 0 ? (
          <>
            <DropdownMenuRadioGroup
              value={current}
              onValueChange={select}
              className="max-h-[min(40vh,18rem)] overflow-y-auto"
            >
              {shownSpecs.map((spec) => (
                <SpecOption key={spec.name} spec={spec} />
              ))}
            </DropdownMenuRadioGroup>
            {filtered.length > 0 ? <DropdownMenuSeparator /> : null}
          </>
        ) : null}
        {shownAgents.length > 0 ? (
          <>
            <DropdownMenuLabel data-testid="agents-group">{t('com_ui_agents')}</DropdownMenuLabel>
            <DropdownMenuRadioGroup
              value={current}
              onValueChange={select}
              className="max-h-[min(40vh,18rem)] overflow-y-auto"
            >
              {shownAgents.map((agent) => (
                <AgentOption key={agent.id} agent={agent} />
              ))}
            </DropdownMenuRadioGroup>
            {filtered.length > 0 ? <DropdownMenuSeparator /> : null}
          </>
        ) : null}
        {filtered.length === 0 ? (
          shownSpecs.length > 0 || shownAgents.length > 0 ? null : (
            <p className="px-2.5 py-3 text-sm text-muted-foreground">{t('com_ui_no_models_found')}</p>
          )
        ) : query.trim() ? (
          <div className="max-h-[min(60vh,24rem)] overflow-y-auto">
            <DropdownMenuRadioGroup value={current} onValueChange={select}>
              {filtered.map((endpoint) => (
                <div key={endpoint.name}>
                  <DropdownMenuLabel className="flex items-center gap-2">
                    <EndpointIcon endpoint={endpoint.name} iconURL={endpoint.iconURL} size="sm" />
                    {endpoint.label}
                  </DropdownMenuLabel>
                  <ModelOptions endpoint={endpoint.name} models={endpoint.models} />
                </div>
              ))}
            </DropdownMenuRadioGroup>
          </div>
        ) : (
          filtered.map((endpoint) => (
            <div key={endpoint.name} className="flex items-center gap-1">
              <DropdownMenuSub>
                <DropdownMenuSubTrigger
                  data-testid="endpoint-option"
                  data-endpoint={endpoint.name}
                  disabled={endpoint.models.length === 0}
                  className={cn('min-w-0 flex-1', activeEndpoint === endpoint.name && 'font-medium')}
                >
                  <EndpointIcon endpoint={endpoint.name} iconURL={endpoint.iconURL} size="sm" />
                  <span className="truncate">{endpoint.label}</span>
                  {active && activeEndpoint === endpoint.name ? (
                    <span className="ml-auto max-w-[7rem] truncate text-xs text-muted-foreground">
                      {active.model}
                    </span>
                  ) : null}
                </DropdownMenuSubTrigger>
                <DropdownMenuSubContent className="max-h-[min(60vh,24rem)] w-64 overflow-y-auto">
                  <DropdownMenuLabel>{endpoint.label}</DropdownMenuLabel>
                  <DropdownMenuRadioGroup value={current} onValueChange={select}>
                    <ModelOptions endpoint={endpoint.name} models={endpoint.models} />
                  </DropdownMenuRadioGroup>
                </DropdownMenuSubContent>
              </DropdownMenuSub>
              {endpoint.userProvide && onSetKey ? (
                <DropdownMenuItem
                  data-testid={`set-key-${endpoint.name}`}
                  aria-label={t('com_key_set')}
                  title={t('com_key_set')}
                  className="shrink-0 px-2"
                  onSelect={() => setTimeout(() => onSetKey(endpoint.name), 0)}
                >
                  <KeyRound className="size-4 text-muted-foreground" />
                </DropdownMenuItem>
              ) : null}
            </div>
          ))
        )}
        {extraItems?.(query)}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function SpecOption({ spec }: { spec: ModelSpec }) {
  return (
    <DropdownMenuRadioItem
      value={specValue(spec.name)}
      data-testid="spec-option"
      data-spec={spec.name}
      className="items-start"
    >
      {spec.showIconInMenu !== false ? (
        <EndpointIcon endpoint={spec.preset.endpoint} iconURL={spec.iconURL} size="sm" className="mt-0.5" />
      ) : null}
      <span className="min-w-0">
        <span className="block truncate">{spec.label}</span>
        {spec.description ? (
          <span className="block text-xs text-muted-foreground">{spec.description}</span>
        ) : null}
      </span>
    </DropdownMenuRadioItem>
  );
}

function AgentOption({ agent }: { agent: Agent }) {
  return (
    <DropdownMenuRadioItem
      value={agentValue(agent.id)}
      data-testid="agent-option"
      data-agent={agent.id}
      className="items-start"
      title={agent.description ?? undefined}
    >
      <AgentAvatar agent={agent} className="mt-0.5 size-5" />
      <span className="min-w-0">
        <span className="block truncate">{agent.name || agent.id}</span>
        {agent.description ? (
          <span className="line-clamp-2 block text-xs text-muted-foreground">{agent.description}</span>
        ) : null}
      </span>
    </DropdownMenuRadioItem>
  );
}

/** The radio items for one endpoint's models (nested submenu and flat search results alike). */
function ModelOptions({ endpoint, models }: { endpoint: string; models: string[] }) {
  return models.map((model) => (
    <DropdownMenuRadioItem
      key={model}
      value={optionValue(endpoint, model)}
      data-testid="model-option"
      data-endpoint={endpoint}
      data-model={model}
    >
      <span className="truncate">{model}</span>
    </DropdownMenuRadioItem>
  ));
}
