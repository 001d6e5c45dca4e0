import { hasPermission, type Permission, type PermissionType, SystemRoles } from '@parley/schema';
import { useSession } from '../store/session.ts';
import { useRoles } from './auth.ts';

/** The signed-in user's permission, with the same check the server makes (doc 1 §6). */
export function usePermission(type: PermissionType, perm: Permission): boolean {
  const roleName = useSession((s) => s.user?.role);
  const { user, admin } = useRoles();
  return hasPermission(roleName === SystemRoles.ADMIN ? admin : user, type, perm);
}
