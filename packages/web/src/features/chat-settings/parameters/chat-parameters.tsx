import { parameterSettings } from '@parley/schema';
import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useMemo } from 'react';
import { SidePanel } from '../../../components/side-panel.tsx';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { t } from '../../../i18n/t.ts';
import { useSidePanel } from '../../../store/side-panel.ts';
import { specFixedKeys } from '../chat-settings.ts';
import type { ChatSettingsApi } from '../use-chat-settings.ts';

// The panel's fields load when it first opens, off /chat/new's critical path.
const ParametersPanel = lazy(() =>
  import('./parameters-panel.tsx').then((m) => ({ default: m.ParametersPanel })),
);

/** The header button that opens the parameters side panel. */
export function ParametersToggle() {
  const open = useSidePanel((s) => s.active === 'parameters');
  const toggle = useSidePanel((s) => s.toggle);
  return (
    <IconButton
      label={t('com_ui_parameters')}
      tooltipSide="bottom"
      onClick={() => toggle('parameters')}
      aria-pressed={open}
      data-testid="parameters-button"
    >
      <SlidersHorizontal className="size-5" />
    </IconButton>
  );
}

/**
 * The parameters side panel for the chat's endpoint and model (doc 3 §2 side panel entry 4).
 * Settings a model spec fixes are left out: the server applies the spec's values.
 */
export function ChatParameters({ models }: { models: ChatSettingsApi }) {
  const open = useSidePanel((s) => s.active === 'parameters');
  const { active, settings, options, specs } = models;
  const list = useMemo(() => {
    if (!active || !settings) return [];
    const option = options.find((o) => o.name === active.endpoint);
    const fixed = specFixedKeys(specs, settings.spec);
    return parameterSettings({
      endpoint: active.endpoint,
      endpointType: option?.type,
      provider: option?.provider,
      regions: option?.regions,
      model: active.model,
    }).filter((s) => !fixed.has(s.key));
  }, [active, settings, options, specs]);
  if (!open || !active || !settings || list.length === 0) return null;
  return (
    <SidePanel title={t('com_ui_parameters')}>
      <p className="pb-1 text-xs text-muted-foreground" data-testid="parameters-target">
        {active.endpointLabel} · {active.model}
      </p>
      {active.spec ? (
        <p className="pb-1 text-xs text-muted-foreground">
          {t('com_ui_spec_fixed_settings', { spec: active.spec.label })}
        </p>
      ) : null}
      <Suspense fallback={null}>
        <ParametersPanel
          settings={list}
          values={settings.params}
          onChange={models.setParams}
          onReset={models.resetParams}
        />
      </Suspense>
    </SidePanel>
  );
}
