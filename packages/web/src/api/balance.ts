import { type Balance, paths } from '@parley/schema';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../store/session.ts';
import { apiRequest } from './client.ts';

export const balanceKeys = { all: ['balance'] as const };

/** The user's token balance; only asked when balances are enabled (doc 1 §6). */
export function useBalance(enabled: boolean) {
  const authed = useSession((s) => s.status === 'authenticated');
  return useQuery({
    queryKey: balanceKeys.all,
    queryFn: ({ signal }) => apiRequest<Balance | undefined>(paths.balance, { signal }),
    enabled: authed && enabled,
  });
}
