import { AGENT_CHAIN_MAX, type Agent } from '@parley/schema';
import { X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { t } from '../../i18n/t.ts';
import {
  type AgentForm,
  addToChain,
  boundRecursion,
  chainChoices,
  chainFull,
  removeFromChain,
} from './agent-form.ts';
import '../../i18n/en-agents.ts';

type SetForm = (update: (f: AgentForm) => AgentForm) => void;

/**
 * The advanced sub-panel (doc 3 §2, §5): the chain (n / 10, the current agent excluded, a note at
 * 10), end_after_tools, hide_sequential_outputs and the recursion limit within maxRecursionLimit.
 */
export function AdvancedPanel({
  form,
  setForm,
  agents,
  chain,
  maxRecursionLimit,
}: {
  form: AgentForm;
  setForm: SetForm;
  agents: Agent[];
  chain: boolean;
  maxRecursionLimit: number;
}) {
  const recursionId = useId();
  const endId = useId();
  const hideId = useId();
  return (
    <div className="flex flex-col gap-4" data-testid="agent-advanced-panel">
      {chain ? <ChainPicker form={form} setForm={setForm} agents={agents} /> : null}
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={endId} className="text-sm">
          <span className="block">{t('com_agents_end_after_tools')}</span>
          <span className="block text-xs text-muted-foreground">{t('com_agents_end_after_tools_hint')}</span>
        </label>
        <Switch
          id={endId}
          checked={form.end_after_tools}
          data-testid="agent-end-after-tools"
          onCheckedChange={(v) => setForm((f) => ({ ...f, end_after_tools: v }))}
        />
      </div>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={hideId} className="text-sm">
          <span className="block">{t('com_agents_hide_sequential')}</span>
          <span className="block text-xs text-muted-foreground">{t('com_agents_hide_sequential_hint')}</span>
        </label>
        <Switch
          id={hideId}
          checked={form.hide_sequential_outputs}
          data-testid="agent-hide-sequential"
          onCheckedChange={(v) => setForm((f) => ({ ...f, hide_sequential_outputs: v }))}
        />
      </div>
      <div>
        <label htmlFor={recursionId} className="mb-1 block text-sm font-medium">
          {t('com_agents_recursion_limit')}
        </label>
        <input
          id={recursionId}
          type="number"
          min={1}
          max={maxRecursionLimit}
          value={form.recursion_limit ?? ''}
          placeholder={t('com_agents_recursion_default')}
          data-testid="agent-recursion-limit"
          onChange={(e) => {
            const value = boundRecursion(e.target.value, maxRecursionLimit);
            setForm((f) => ({ ...f, recursion_limit: value }));
          }}
          className={`${inputClass('md')} w-full`}
        />
        <p className="mt-1 text-xs text-muted-foreground">
          {t('com_agents_recursion_hint', { max: maxRecursionLimit })}
        </p>
      </div>
    </div>
  );
}

function ChainPicker({ form, setForm, agents }: { form: AgentForm; setForm: SetForm; agents: Agent[] }) {
  const pickId = useId();
  const byId = new Map(agents.map((a) => [a.id, a]));
  const choices = chainChoices(agents, form);
  const full = chainFull(form);
  return (
    <section data-testid="agent-chain">
      <div className="mb-1 flex items-center justify-between">
        <label htmlFor={pickId} className="text-sm font-medium">
          {t('com_agents_chain')}
        </label>
        <span className="text-xs text-muted-foreground" data-testid="agent-chain-count">
          {form.agent_ids.length} / {AGENT_CHAIN_MAX}
        </span>
      </div>
      <p className="mb-2 text-xs text-muted-foreground">{t('com_agents_chain_hint')}</p>
      <ol className="mb-2 flex flex-col gap-1">
        {form.agent_ids.map((id, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the same agent may not repeat, but order matters
            key={`${id}-${index}`}
            className="flex items-center gap-2 rounded-lg border border-border px-2 py-1 text-sm"
            data-testid="agent-chain-item"
          >
            <span className="text-xs text-muted-foreground">{index + 1}.</span>
            <span className="min-w-0 flex-1 truncate">{byId.get(id)?.name || id}</span>
            <Button
              variant="subtle"
              size="icon-xs"
              aria-label={t('com_agents_chain_remove')}
              onClick={() => setForm((f) => removeFromChain(f, index))}
            >
              <X className="size-3.5" />
            </Button>
          </li>
        ))}
      </ol>
      {full ? (
        <p className="text-xs text-muted-foreground" data-testid="agent-chain-max">
          {t('com_agents_chain_max', { max: AGENT_CHAIN_MAX })}
        </p>
      ) : (
        <select
          id={pickId}
          value=""
          data-testid="agent-chain-add"
          onChange={(e) => {
            const id = e.target.value;
            if (id) setForm((f) => addToChain(f, id));
          }}
          className={`${inputClass('md')} w-full`}
        >
          <option value="">{t('com_agents_chain_add')}</option>
          {choices.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name || a.id}
            </option>
          ))}
        </select>
      )}
    </section>
  );
}
