import { parameterSettings } from '@parley/schema';
import { lazy, Suspense, useMemo } from 'react';
import type { RenderParameters } from '../features/agents/types.ts';

// The chat settings' parameters form, composed into the agent builder's model sub-panel here
// (features never import each other); it loads with the sub-panel.
const ParametersPanel = lazy(() =>
  import('../features/chat-settings/parameters/parameters-panel.tsx').then((m) => ({
    default: m.ParametersPanel,
  })),
);

type Option = { name: string; type?: string; provider?: string; regions?: string[] };

function AgentParameters({
  options,
  ...p
}: Parameters<RenderParameters>[0] & { options: readonly Option[] }) {
  const option = options.find((o) => o.name === p.provider);
  const settings = useMemo(
    () =>
      parameterSettings({
        endpoint: p.provider,
        endpointType: option?.type,
        provider: option?.provider,
        regions: option?.regions,
        model: p.model,
      }),
    [p.provider, p.model, option],
  );
  if (settings.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ParametersPanel settings={settings} values={p.values} onChange={p.onChange} onReset={p.onReset} />
    </Suspense>
  );
}

/** The model sub-panel's parameters for the endpoints the chat offers. */
export function agentParameters(options: readonly Option[]): RenderParameters {
  return (p) => <AgentParameters options={options} {...p} />;
}
