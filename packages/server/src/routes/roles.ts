import {
  PERMISSION_TYPE_SLUGS,
  PERMISSIONS_BY_TYPE,
  type PermissionType,
  Role,
  RoleParams,
  RolePermissionParams,
  UpdateRolePermissionsBody,
} from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize } from '../auth/policies/policy.ts';
import { rolePolicy } from '../auth/policies/role.ts';
import { AppError } from '../errors.ts';
import { presentRole } from '../presenters/role.ts';
import type { Services } from '../services.ts';

/** `prompts`, `multi-convo`… or the type's own name (`MULTI_CONVO`). */
function permissionTypeOf(segment: string): PermissionType | undefined {
  const bySlug = PERMISSION_TYPE_SLUGS[segment.toLowerCase()];
  if (bySlug) return bySlug;
  const upper = segment.toUpperCase();
  return upper in PERMISSIONS_BY_TYPE ? (upper as PermissionType) : undefined;
}

/** Role reads and admin permission changes (doc 1 §6, doc 2 §6, doc 3 §6; LibreChat /api/roles). */
export const roleRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { roles } = ctx.repos;

  app.get('/:name', { schema: { params: RoleParams, response: { 200: Role } } }, async (req) => {
    const name = req.params.name.toUpperCase();
    authorize(rolePolicy.canRead(req.user, name));
    const role = await roles.get(name);
    if (!role) throw new AppError('role_not_found');
    return presentRole(role);
  });

  app.put(
    '/:name/:permissionType',
    {
      preHandler: async (req) => authorize(rolePolicy.canEdit(req.user)),
      schema: { params: RolePermissionParams, body: UpdateRolePermissionsBody, response: { 200: Role } },
    },
    async (req) => {
      const name = req.params.name.toUpperCase();
      const type = permissionTypeOf(req.params.permissionType);
      if (!type) throw new AppError('validation', 'Unknown permission type.', 'permissionType');
      const allowed = PERMISSIONS_BY_TYPE[type] as string[];
      const entries = Object.entries(req.body);
      if (!entries.length) throw new AppError('validation', 'No permission to change.');
      // Partial updates, but only of permissions this type has (LibreChat: "partially validated").
      for (const [perm] of entries) {
        if (!allowed.includes(perm)) throw new AppError('validation', `Unknown permission: ${perm}.`, perm);
      }
      const updated = await roles.updatePermissions(name, type, req.body);
      if (!updated) throw new AppError('role_not_found');
      req.log.info({ admin: req.user.id, role: name, type, changes: req.body }, 'role permissions changed');
      return presentRole(updated);
    },
  );
};
