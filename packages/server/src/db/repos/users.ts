import { randomUUID } from 'node:crypto';
import { SystemRoles } from '@parley/schema';
import type { Db } from '../index.ts';
import type { UserRow } from '../schema.ts';

export interface NewUser {
  email: string;
  username: string | null;
  name: string;
  passwordHash: string;
  /** False when the address must be confirmed by email first (EMAIL_* configured). */
  emailVerified?: boolean;
  /** A role chosen by an operator (CLI); otherwise the first user is ADMIN and the rest USER. */
  role?: string;
}

/** Users are the root of scoping: only the signed-in user's own row is read by id. */
export function usersRepo(db: Db) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
    },

    async findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** What every authenticated request checks: the current role and ban (auth/identify.ts). */
    async authState(id: string): Promise<{ role: string; banned_until: number | null } | undefined> {
      const row = await db
        .selectFrom('users')
        .select(['role', 'banned_until'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { role: row.role, banned_until: row.banned_until ?? null } : undefined;
    },

    /**
     * A temporary ban for violations (limits/abuse.ts): sets banned_until unless a longer ban (an
     * admin's) is already in place.
     */
    async extendBan(id: string, until: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ banned_until: until })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('banned_until', 'is', null), eb('banned_until', '<', until)]))
        .execute();
    },

    async usernameTaken(username: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** The user's own avatar URL (null = the generated avatar). */
    async setAvatar(id: string, avatar: string | null): Promise<void> {
      await db.updateTable('users').set({ avatar, updated_at: Date.now() }).where('id', '=', id).execute();
    },

    /** Record acceptance of the terms of service; false when the user no longer exists. */
    async acceptTerms(id: string): Promise<boolean> {
      const now = Date.now();
      const result = await db
        .updateTable('users')
        .set({ terms_accepted_at: now, updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async markEmailVerified(id: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ email_verified: 1, updated_at: Date.now() })
        .where('id', '=', id)
        .execute();
    },

    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: Date.now() })
        .where('id', '=', id)
        .execute();
    },

    /** Create a local user; the very first user becomes ADMIN (in the same transaction). */
    async create(input: NewUser): Promise<UserRow> {
      return db.transaction().execute(async (trx) => {
        const any = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
        const now = Date.now();
        const row: UserRow = {
          id: randomUUID(),
          email: input.email.toLowerCase(),
          username: input.username,
          name: input.name,
          password_hash: input.passwordHash,
          avatar: null,
          role: input.role ?? (any ? SystemRoles.USER : SystemRoles.ADMIN),
          provider: 'local',
          email_verified: input.emailVerified === false ? 0 : 1,
          two_factor_enabled: 0,
          created_at: now,
          updated_at: now,
          banned_until: null,
          terms_accepted_at: null,
        };
        await trx.insertInto('users').values(row).execute();
        return row;
      });
    },
  };
}
export type UsersRepo = ReturnType<typeof usersRepo>;
