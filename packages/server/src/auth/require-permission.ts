import { hasPermission, type Permission, type PermissionType } from '@parley/schema';
import type { FastifyRequest } from 'fastify';
import type { RolesRepo } from '../db/repos/roles.ts';
import { AppError } from '../errors.ts';

/** True when the signed-in user's role grants the permission (the one check, doc 1 §6). */
export async function userHasPermission(
  roles: RolesRepo,
  req: FastifyRequest,
  type: PermissionType,
  perm: Permission,
): Promise<boolean> {
  return hasPermission(await roles.get(req.user.role), type, perm);
}

/** A preHandler answering 403 unless the user's role grants the permission. */
export function requirePermission(roles: RolesRepo, type: PermissionType, perm: Permission) {
  return async (req: FastifyRequest) => {
    if (!(await userHasPermission(roles, req, type, perm))) throw new AppError('forbidden');
  };
}
