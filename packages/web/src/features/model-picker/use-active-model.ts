import { useCallback, useMemo } from 'react';
import { useEndpointsConfig, useModelsConfig } from '../../api/endpoints.ts';
import { type ModelChoice, useModelSelection } from '../../store/model-selection.ts';
import { buildEndpointOptions, type EndpointOption, resolveChoice } from './endpoint-options.ts';

export type ActiveModel = {
  endpoint: string;
  endpointType?: string;
  model: string;
  /** Endpoint display label. */
  endpointLabel: string;
  iconURL?: string;
};

export type ModelsState = 'loading' | 'error' | 'empty' | 'ready';

/** Endpoints + models + the persisted choice → what the picker shows and what chat sends with. */
export function useActiveModel(): {
  state: ModelsState;
  options: EndpointOption[];
  active: ActiveModel | null;
  choose: (choice: ModelChoice) => void;
} {
  const endpoints = useEndpointsConfig();
  const models = useModelsConfig();
  const stored = useModelSelection((s) => s.choice);
  const choose = useModelSelection((s) => s.choose);
  const options = useMemo(
    () => buildEndpointOptions(endpoints.data, models.data),
    [endpoints.data, models.data],
  );
  const resolved = useMemo(() => resolveChoice(options, stored), [options, stored]);
  const active = useMemo<ActiveModel | null>(() => {
    if (!resolved) return null;
    const option = options.find((o) => o.name === resolved.endpoint);
    return {
      endpoint: resolved.endpoint,
      endpointType: option?.type,
      model: resolved.model,
      endpointLabel: option?.label ?? resolved.endpoint,
      iconURL: option?.iconURL,
    };
  }, [resolved, options]);

  let state: ModelsState = 'ready';
  if (endpoints.isPending || models.isPending) state = 'loading';
  else if (endpoints.isError || models.isError) state = 'error';
  else if (!resolved) state = 'empty';

  const chooseStable = useCallback((choice: ModelChoice) => choose(choice), [choose]);
  return { state, options, active, choose: chooseStable };
}
