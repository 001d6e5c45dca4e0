import {
  type AdminUser,
  type AdminUserList,
  type Banner,
  type BannerBody,
  type PermissionType,
  paths,
  permissionTypeSlug,
  type Role,
  type UsageQuery,
  type UsageReport,
} from '@parley/schema';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { authKeys } from './auth.ts';
import { apiRequest } from './client.ts';

export const adminKeys = {
  users: (search: string) => ['admin', 'users', search] as const,
  usage: (q: Pick<UsageQuery, 'from' | 'to' | 'groupBy'>) => ['admin', 'usage', q] as const,
  banners: ['admin', 'banners'] as const,
};

/** Users, newest first, 25 per page (keyset cursor from the server). */
export function useAdminUsers(search: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.users(search),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AdminUserList>(paths.adminUsers, {
        query: { search: search || undefined, cursor: pageParam || undefined, limit: 25 },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** A user changed: refetch the lists (every search) that may show them. */
function useUserMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

export const useSetUserRole = () =>
  useUserMutation((v: { userId: string; role: 'USER' | 'ADMIN' }) =>
    apiRequest<AdminUser>(paths.adminUserRole(v.userId), { method: 'PUT', body: { role: v.role } }),
  );
export const useBanUser = () =>
  useUserMutation((v: { userId: string; ban: boolean }) =>
    apiRequest<AdminUser>(
      paths.adminUserBan(v.userId),
      v.ban ? { method: 'POST', body: {} } : { method: 'DELETE' },
    ),
  );
export const useDeleteUser = () =>
  useUserMutation((userId: string) => apiRequest(paths.adminUser(userId), { method: 'DELETE' }));
export const useAdjustBalance = () =>
  useUserMutation((v: { userId: string; amount: number }) =>
    apiRequest<{ tokenCredits: number }>(paths.adminUserBalance(v.userId), {
      method: 'POST',
      body: { amount: v.amount },
    }),
  );

export function useUsage(q: Pick<UsageQuery, 'from' | 'to' | 'groupBy'>) {
  return useQuery({
    queryKey: adminKeys.usage(q),
    queryFn: ({ signal }) =>
      apiRequest<UsageReport>(paths.adminUsage, { query: { ...q, limit: 100 }, signal }),
  });
}

export function useAdminBanners() {
  return useQuery({
    queryKey: adminKeys.banners,
    queryFn: ({ signal }) => apiRequest<{ banners: Banner[] }>(paths.adminBanners, { signal }),
  });
}

export function useSaveBanner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { bannerId?: string; body: BannerBody }) =>
      v.bannerId
        ? apiRequest<Banner>(paths.adminBanner(v.bannerId), { method: 'PUT', body: v.body })
        : apiRequest<Banner>(paths.adminBanners, { method: 'POST', body: v.body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.banners });
      void qc.invalidateQueries({ queryKey: ['banner'] });
    },
  });
}

export function useDeleteBanner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (bannerId: string) => apiRequest(paths.adminBanner(bannerId), { method: 'DELETE' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.banners });
      void qc.invalidateQueries({ queryKey: ['banner'] });
    },
  });
}

/** PUT /api/roles/:name/:type with a partial change; the role cache takes the answer. */
export function useUpdateRolePermissions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { role: string; type: PermissionType; changes: Record<string, boolean> }) =>
      apiRequest<Role>(paths.rolePermissions(v.role, permissionTypeSlug(v.type)), {
        method: 'PUT',
        body: v.changes,
      }),
    onSuccess: (role) => qc.setQueryData(authKeys.role(role.name), role),
  });
}
