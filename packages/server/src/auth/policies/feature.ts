import {
  hasPermission,
  type Permission,
  type PermissionType,
  type RoleLike,
  SystemRoles,
} from '@parley/schema';
import type { RolesRepo } from '../../db/repos/roles.ts';
import { AppError } from '../../errors.ts';
import type { AuthUser } from '../request-user.ts';

/** The signed-in user as a policy sees it: who they are and their loaded role. */
export interface Actor {
  id: string;
  role: string;
  permissions: RoleLike | undefined;
}

export async function loadActor(roles: RolesRepo, user: AuthUser): Promise<Actor> {
  return { id: user.id, role: user.role, permissions: await roles.get(user.role) };
}

export const isAdmin = (actor: { role: string }) => actor.role === SystemRoles.ADMIN;

export function can(actor: Actor, type: PermissionType, perm: Permission): boolean {
  return hasPermission(actor.permissions, type, perm);
}

/** 403 unless the permission is granted (routes call the policy, never hasPermission directly). */
export function assertCan(actor: Actor, type: PermissionType, perm: Permission): void {
  if (!can(actor, type, perm)) throw new AppError('forbidden');
}
