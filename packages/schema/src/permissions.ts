export const PermissionTypes = {
  PROMPTS: 'PROMPTS',
  BOOKMARKS: 'BOOKMARKS',
  AGENTS: 'AGENTS',
  MULTI_CONVO: 'MULTI_CONVO',
  TEMPORARY_CHAT: 'TEMPORARY_CHAT',
  RUN_CODE: 'RUN_CODE',
  /** MCP servers (issue 16): USE to pick them, CREATE to add one's own remote servers. */
  MCP_SERVERS: 'MCP_SERVERS',
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
  TEMPORARY_CHAT: ['USE'],
  RUN_CODE: ['USE'],
  MCP_SERVERS: ['USE', 'CREATE'],
};

/**
 * The `:permissionType` path segment of PUT /api/roles/:name/:permissionType: LibreChat's
 * lowercase, dash-separated names (prompts, agents, multi-convo…).
 */
export const PERMISSION_TYPE_SLUGS: Record<string, PermissionType> = {
  prompts: 'PROMPTS',
  bookmarks: 'BOOKMARKS',
  agents: 'AGENTS',
  'multi-convo': 'MULTI_CONVO',
  'temporary-chat': 'TEMPORARY_CHAT',
  'run-code': 'RUN_CODE',
  'mcp-servers': 'MCP_SERVERS',
};

export const permissionTypeSlug = (type: PermissionType): string =>
  Object.entries(PERMISSION_TYPE_SLUGS).find(([, t]) => t === type)?.[0] ?? type.toLowerCase();

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

/** LibreChat's defaults: admins hold everything; users all but global sharing. */
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
