import { useId } from 'react';
import { inputClass } from '../../components/ui/input.tsx';
import { t } from '../../i18n/t.ts';
import { type AgentForm, agentProviders, switchProvider } from './agent-form.ts';
import type { ProviderOption, RenderParameters } from './types.ts';
import '../../i18n/en-agents.ts';

/** The model sub-panel (doc 3 §2): provider, model (both required) and the model's parameters. */
export function ModelPanel({
  form,
  setForm,
  providers,
  allowedProviders,
  renderParameters,
}: {
  form: AgentForm;
  setForm: (update: (f: AgentForm) => AgentForm) => void;
  providers: ProviderOption[];
  allowedProviders?: string[];
  renderParameters: RenderParameters;
}) {
  const providerId = useId();
  const modelId = useId();
  const offered = agentProviders(providers, allowedProviders);
  const models = offered.find((p) => p.name === form.provider)?.models ?? [];
  return (
    <div className="flex flex-col gap-4" data-testid="agent-model-panel">
      <div>
        <label htmlFor={providerId} className="mb-1 block text-sm font-medium">
          {t('com_agents_provider')} <span className="text-destructive">*</span>
        </label>
        <select
          id={providerId}
          value={form.provider}
          data-testid="agent-provider"
          aria-invalid={!form.provider || undefined}
          onChange={(e) => {
            const name = e.target.value;
            const next = offered.find((p) => p.name === name)?.models ?? [];
            setForm((f) => switchProvider(f, name, next));
          }}
          className={`${inputClass('md')} w-full`}
        >
          <option value="">{t('com_agents_select_provider')}</option>
          {offered.map((p) => (
            <option key={p.name} value={p.name}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={modelId} className="mb-1 block text-sm font-medium">
          {t('com_agents_model')} <span className="text-destructive">*</span>
        </label>
        <select
          id={modelId}
          value={form.model}
          data-testid="agent-model"
          disabled={!form.provider}
          aria-invalid={(form.provider && !form.model) || undefined}
          onChange={(e) => {
            const model = e.target.value;
            setForm((f) => ({ ...f, model }));
          }}
          className={`${inputClass('md')} w-full`}
        >
          <option value="">{t('com_agents_select_model')}</option>
          {models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      {form.provider && form.model
        ? renderParameters({
            provider: form.provider,
            model: form.model,
            values: form.model_parameters,
            onChange: (patch) =>
              setForm((f) => {
                const next: Record<string, unknown> = { ...f.model_parameters, ...patch };
                for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
                return { ...f, model_parameters: next };
              }),
            onReset: () => setForm((f) => ({ ...f, model_parameters: {} })),
          })
        : null}
    </div>
  );
}
