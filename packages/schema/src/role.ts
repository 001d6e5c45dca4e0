import { z } from 'zod';

/** GET /api/roles/:name response: permissions[type][permission] booleans (doc 1 §3). */
export const Role = z.object({
  name: z.string(),
  permissions: z.record(z.string(), z.record(z.string(), z.boolean())),
});
export type Role = z.infer<typeof Role>;

/** PUT /api/roles/:name/:permissionType body: a partial map of that type's permissions. */
export const UpdateRolePermissionsBody = z.record(z.string(), z.boolean());
export type UpdateRolePermissionsBody = z.infer<typeof UpdateRolePermissionsBody>;

export const RoleParams = z.object({ name: z.string().min(1).max(64) });
export const RolePermissionParams = z.object({
  name: z.string().min(1).max(64),
  permissionType: z.string().min(1).max(64),
});
