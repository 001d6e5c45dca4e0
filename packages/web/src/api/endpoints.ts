import { type EndpointsConfig, type ModelsConfig, paths } from '@parley/schema';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { useAuthedQuery } from './query-client.ts';

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
  return useAuthedQuery(endpointsQuery());
}

export function useModelsConfig() {
  return useAuthedQuery(modelsQuery());
}
