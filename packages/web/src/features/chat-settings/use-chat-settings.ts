import type { Agent, Conversation, ModelParameters, ModelSpec, ModelSpecsConfig } from '@parley/schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { agentQuery, useAgent } from '../../api/agents.ts';
import { useStartupConfig } from '../../api/config.ts';
import { useEndpointsConfig, useModelsConfig } from '../../api/endpoints.ts';
import type { ChatSettings } from '../../lib/chat-settings.ts';
import { usePreferences } from '../../store/preferences.ts';
import {
  availableTiers,
  initialSettings,
  patchParams,
  settingsForAgent,
  settingsFromConvo,
  settingsFromSpec,
  usableSettings,
  withEndpointType,
} from './chat-settings.ts';
import { buildEndpointOptions, type EndpointOption } from './endpoint-options.ts';
import { useModelSelection } from './model-selection.ts';
import { setChatSettings, useChatSettingsStore } from './store.ts';

/** doc 3 §9: agent select delay. */
export const AGENT_SELECT_DELAY_MS = 5;

/** What the picker shows of the settings in use (what is sent is `ChatSettings`). */
export type ActiveModel = {
  endpoint: string;
  model: string;
  /** Endpoint display label. */
  endpointLabel: string;
  iconURL?: string;
  /** The model spec in use, if any. */
  spec?: ModelSpec;
  /** What the picker shows: the agent's or spec's name, else the model. */
  label: string;
  /** The agent the chat runs with (endpoint agents). */
  agent?: Pick<Agent, 'id' | 'name' | 'avatar' | 'description' | 'conversation_starters'>;
};

export type ModelsState = 'loading' | 'error' | 'empty' | 'ready';

export type ChatSettingsApi = {
  state: ModelsState;
  options: EndpointOption[];
  specs: ModelSpecsConfig | undefined;
  /** The simple three-tier picker is in use (advancedMode off and the tiers are offered). */
  simple: boolean;
  active: ActiveModel | null;
  settings: ChatSettings | null;
  /** Choose a spec, model or preset: switches this chat (modular chat) or starts a new one. */
  choose: (next: ChatSettings) => void;
  /** Start a new chat with an agent; null leaves the agent (doc 3 §4). */
  chooseAgent: (agentId: string | null) => void;
  setParams: (patch: Partial<ModelParameters>) => void;
  resetParams: () => void;
};

/** What the settings need to know of the chat they belong to; the app passes it in (app/chat-screen.tsx). */
export type ChatSettingsHost = {
  /** Whether the chat under this tree key already shows messages. */
  hasMessages: (treeKey: string) => boolean;
  /** Start a new chat and return its tree key. */
  onNewChat: () => string;
};

/**
 * The settings one chat is sent with: chosen here, else its saved conversation's, else a new
 * chat's default — always checked against what the server offers now.
 */
export function useChatSettings(
  treeKey: string,
  convo: Conversation | undefined,
  { hasMessages, onNewChat }: ChatSettingsHost,
): ChatSettingsApi {
  const navigate = useNavigate();
  const endpoints = useEndpointsConfig();
  const models = useModelsConfig();
  const specs = useStartupConfig().data?.modelSpecs;
  const stored = useModelSelection((s) => s.choice);
  const remember = useModelSelection((s) => s.choose);
  const advancedMode = usePreferences((s) => s.advancedMode);
  const modularChat = usePreferences((s) => s.modularChat);
  const local = useChatSettingsStore((s) => s.byTree[treeKey]);

  const options = useMemo(
    () => buildEndpointOptions(endpoints.data, models.data),
    [endpoints.data, models.data],
  );
  const simple = !advancedMode && availableTiers(options).length > 0;
  const base = useMemo(() => {
    const usable = usableSettings(local ?? (convo ? settingsFromConvo(convo) : null), options, specs, () =>
      initialSettings(options, specs, stored, simple),
    );
    return usable && withEndpointType(usable, options);
  }, [local, convo, options, specs, stored, simple]);
  const agent = useAgent(base?.agent_id).data;
  // A loaded agent names the model its chat runs (the label of the reply until the server's).
  const settings = useMemo(
    () =>
      base?.agent_id && agent?.id === base.agent_id && agent.model ? { ...base, model: agent.model } : base,
    [base, agent],
  );

  const active = useMemo<ActiveModel | null>(() => {
    if (!settings) return null;
    const option = options.find((o) => o.name === settings.endpoint);
    const spec = settings.spec ? specs?.list.find((s) => s.name === settings.spec) : undefined;
    return {
      endpoint: settings.endpoint,
      model: settings.model,
      endpointLabel: option?.label ?? settings.endpoint,
      iconURL: spec?.iconURL ?? option?.iconURL,
      spec,
      label: settings.agent_id ? (agent?.name ?? '…') : (spec?.label ?? settings.model),
      agent: settings.agent_id && agent?.id === settings.agent_id ? agent : undefined,
    };
  }, [settings, options, specs, agent]);

  const choose = useCallback(
    (next: ChatSettings) => {
      remember({ endpoint: next.endpoint, model: next.model, spec: next.spec ?? null });
      const started = convo !== undefined || hasMessages(treeKey);
      if (!started || modularChat) {
        setChatSettings(treeKey, next);
        return;
      }
      setChatSettings(onNewChat(), next);
      navigate('/chat/new');
    },
    [remember, treeKey, convo, modularChat, navigate, hasMessages, onNewChat],
  );

  const queryClient = useQueryClient();
  const chooseAgent = useCallback(
    (agentId: string | null) => {
      const withoutAgent = () => {
        const next = initialSettings(options, specs, stored, simple);
        if (next) choose(next);
      };
      if (!agentId) {
        if (settings?.agent_id) withoutAgent();
        return;
      }
      // doc 3 §9: the agent is selected after 5 ms; its full data is refreshed first (doc 3 §4).
      setTimeout(() => {
        queryClient
          .fetchQuery({ ...agentQuery(agentId), staleTime: 0 })
          .then((loaded) => choose(settingsForAgent(loaded)))
          .catch((error: unknown) => {
            // doc 3 §4: the failure is logged and the chat starts without an agent id.
            console.error('Agent could not be loaded', error);
            withoutAgent();
          });
      }, AGENT_SELECT_DELAY_MS);
    },
    [choose, queryClient, settings, options, specs, stored, simple],
  );

  const setParams = useCallback(
    (patch: Partial<ModelParameters>) => {
      if (settings) setChatSettings(treeKey, { ...settings, params: patchParams(settings.params, patch) });
    },
    [settings, treeKey],
  );

  const resetParams = useCallback(() => {
    if (!settings) return;
    const spec = settings.spec ? specs?.list.find((s) => s.name === settings.spec) : undefined;
    setChatSettings(treeKey, { ...settings, params: spec ? settingsFromSpec(spec, options).params : {} });
  }, [settings, specs, options, treeKey]);

  let state: ModelsState = 'ready';
  if (endpoints.isPending || models.isPending) state = 'loading';
  else if (endpoints.isError || models.isError) state = 'error';
  else if (!settings) state = 'empty';

  return { state, options, specs, simple, active, settings, choose, chooseAgent, setParams, resetParams };
}
