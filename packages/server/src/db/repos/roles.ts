import { DEFAULT_ROLE_PERMISSIONS, type RolePermissions, type SystemRole } from '@parley/schema';
import type { Db } from '../index.ts';

/** A role with its stored permissions merged over the defaults (presenters/role.ts). */
export interface RoleRecord {
  name: string;
  permissions: RolePermissions;
  updated_at: number;
}

export function rolesRepo(db: Db) {
  return {
    /** Insert the built-in roles when missing; existing rows keep an admin's changes. */
    async seedDefaults(): Promise<void> {
      for (const [name, permissions] of Object.entries(DEFAULT_ROLE_PERMISSIONS)) {
        const existing = await db
          .selectFrom('roles')
          .select('name')
          .where('name', '=', name)
          .executeTakeFirst();
        if (!existing) {
          await db
            .insertInto('roles')
            .values({ name, permissions: JSON.stringify(permissions), updated_at: Date.now() })
            .execute();
        }
      }
    },

    async get(name: string): Promise<RoleRecord | undefined> {
      const row = await db.selectFrom('roles').selectAll().where('name', '=', name).executeTakeFirst();
      if (!row) return undefined;
      const defaults = DEFAULT_ROLE_PERMISSIONS[name as SystemRole] ?? {};
      const stored = JSON.parse(row.permissions) as RolePermissions;
      // Permission types added after the row was written fall back to the defaults.
      const permissions: RolePermissions = {};
      for (const type of new Set([...Object.keys(defaults), ...Object.keys(stored)])) {
        permissions[type] = { ...defaults[type], ...stored[type] };
      }
      return { name: row.name, permissions, updated_at: row.updated_at };
    },

    /** Merge a partial change into one permission type of a role (validated by the caller). */
    async updatePermissions(
      name: string,
      type: string,
      changes: Record<string, boolean>,
    ): Promise<RoleRecord | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('roles').selectAll().where('name', '=', name).executeTakeFirst();
        if (!row) return undefined;
        const stored = JSON.parse(row.permissions) as RolePermissions;
        const defaults = DEFAULT_ROLE_PERMISSIONS[name as SystemRole] ?? {};
        stored[type] = { ...defaults[type], ...stored[type], ...changes };
        await trx
          .updateTable('roles')
          .set({ permissions: JSON.stringify(stored), updated_at: Date.now() })
          .where('name', '=', name)
          .execute();
        return rolesRepo(trx).get(name);
      });
    },
  };
}
export type RolesRepo = ReturnType<typeof rolesRepo>;
