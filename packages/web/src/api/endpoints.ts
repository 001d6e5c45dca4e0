import { type EndpointsConfig, type ModelsConfig, paths } from '@parley/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../store/session.ts';
import { apiRequest } from './client.ts';

export const endpointKeys = {
  endpoints: ['endpoints'] as const,
  models: ['models'] as const,
};

export const endpointsQuery = () =>
  queryOptions({
    queryKey: endpointKeys.endpoints,
    queryFn: ({ signal }) => apiRequest<EndpointsConfig>(paths.endpoints, { signal }),
    staleTime: 5 * 60_000,
  });

export const modelsQuery = () =>
  queryOptions({
    queryKey: endpointKeys.models,
    queryFn: ({ signal }) => apiRequest<ModelsConfig>(paths.models, { signal }),
    staleTime: 5 * 60_000,
  });

export function useEndpointsConfig() {
  const authed = useSession((s) => s.status === 'authenticated');
  return useQuery({ ...endpointsQuery(), enabled: authed });
}

export function useModelsConfig() {
  const authed = useSession((s) => s.status === 'authenticated');
  return useQuery({ ...modelsQuery(), enabled: authed });
}
