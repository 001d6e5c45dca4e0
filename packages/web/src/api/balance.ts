import { type Balance, paths } from '@parley/schema';
import { apiRequest } from './client.ts';
import { useAuthedQuery } from './query-client.ts';

export const balanceKeys = { all: ['balance'] as const };

/** The user's token balance; only asked when balances are enabled (doc 1 §6). */
export function useBalance(enabled: boolean) {
  return useAuthedQuery({
    queryKey: balanceKeys.all,
    queryFn: ({ signal }) => apiRequest<Balance | undefined>(paths.balance, { signal }),
    enabled,
  });
}
