import type { Role } from '@parley/schema';
import type { RoleRecord } from '../db/repos/roles.ts';

export function presentRole(role: RoleRecord): Role {
  return { name: role.name, permissions: role.permissions };
}
