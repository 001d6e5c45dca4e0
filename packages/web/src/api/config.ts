import { paths, type StartupConfig } from '@parley/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

export const configKeys = { all: ['config'] as const };

export const startupConfigQuery = () =>
  queryOptions({
    queryKey: configKeys.all,
    queryFn: ({ signal }) => apiRequest<StartupConfig>(paths.config, { auth: false, signal }),
    staleTime: 5 * 60_000,
  });

/** `enabled: false` still returns a cached config (the auth pages wait 500 ms before fetching). */
export const useStartupConfig = (opts: { enabled?: boolean } = {}) =>
  useQuery({ ...startupConfigQuery(), enabled: opts.enabled ?? true });
