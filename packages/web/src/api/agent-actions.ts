import {
  type Action,
  type ActionUpdateBody,
  type ActionValidateResult,
  type Agent,
  paths,
} from '@parley/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentKeys } from './agents.ts';
import { apiRequest } from './client.ts';
import { useAuthedQuery } from './query-client.ts';

/** OpenAPI actions of an agent (issue 16), for the builder's actions sub-panel (the chat's sign-in helpers are in actions.ts). */
export const actionKeys = {
  forAgent: (agentId: string) => ['agents', 'actions', agentId] as const,
};

export function useAgentActions(agentId: string | null | undefined) {
  return useAuthedQuery({
    queryKey: actionKeys.forAgent(agentId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<Action[]>(`${paths.agentActions}?agent_id=${encodeURIComponent(agentId ?? '')}`, {
        signal,
      }),
    enabled: Boolean(agentId),
  });
}

/** Parse a spec as a save would (the server holds the only OpenAPI parser). */
export function validateActionSpec(rawSpec: string, signal?: AbortSignal) {
  return apiRequest<ActionValidateResult>(paths.actionValidate, {
    method: 'POST',
    body: { raw_spec: rawSpec },
    signal,
  });
}

/** Add or update an action: the agent's tools change with it, so its queries are invalidated. */
export function useSaveAction(agentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ActionUpdateBody) =>
      apiRequest<[Agent, Action]>(paths.agentAction(agentId), { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

export function useDeleteAction(agentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (actionId: string) =>
      apiRequest<{ message: string }>(paths.agentActionDelete(agentId, actionId), { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
