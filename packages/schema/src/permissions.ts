export const PermissionTypes = {
  PROMPTS: 'PROMPTS',
  BOOKMARKS: 'BOOKMARKS',
  AGENTS: 'AGENTS',
  MULTI_CONVO: 'MULTI_CONVO',
  RUN_CODE: 'RUN_CODE',
} as const;
export type PermissionType = (typeof PermissionTypes)[keyof typeof PermissionTypes];

export const Permissions = {
  USE: 'USE',
  CREATE: 'CREATE',
  SHARED_GLOBAL: 'SHARED_GLOBAL',
} as const;
export type Permission = (typeof Permissions)[keyof typeof Permissions];

export const SystemRoles = { USER: 'USER', ADMIN: 'ADMIN' } as const;
export type SystemRole = (typeof SystemRoles)[keyof typeof SystemRoles];

/** Which permissions each type carries (doc 1 §6). */
export const PERMISSIONS_BY_TYPE: Record<PermissionType, Permission[]> = {
  PROMPTS: ['USE', 'CREATE', 'SHARED_GLOBAL'],
  BOOKMARKS: ['USE'],
  AGENTS: ['USE', 'CREATE', 'SHARED_GLOBAL'],
  MULTI_CONVO: ['USE'],
  RUN_CODE: ['USE'],
};

export type RolePermissions = Record<string, Record<string, boolean>>;

/** What a permission check reads of a role (the zod schema for the API shape is in role.ts). */
export interface RoleLike {
  name?: string;
  permissions: RolePermissions;
}

function allOf(value: (type: PermissionType, perm: Permission) => boolean): RolePermissions {
  const out: RolePermissions = {};
  for (const [type, perms] of Object.entries(PERMISSIONS_BY_TYPE)) {
    out[type] = {};
    for (const perm of perms) out[type][perm] = value(type as PermissionType, perm);
  }
  return out;
}

/** Default role permissions: admins hold everything; users all but global sharing. */
export const DEFAULT_ROLE_PERMISSIONS: Record<SystemRole, RolePermissions> = {
  ADMIN: allOf(() => true),
  USER: allOf((_type, perm) => perm !== 'SHARED_GLOBAL'),
};

/**
 * The one permission check, used by the API and the UI (doc 1 §6): true only when the role is
 * loaded and grants the permission.
 */
export function hasPermission(
  role: RoleLike | null | undefined,
  type: PermissionType,
  perm: Permission,
): boolean {
  return role?.permissions?.[type]?.[perm] === true;
}
