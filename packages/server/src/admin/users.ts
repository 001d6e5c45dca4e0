import type { AdminUsersQuery } from '@parley/schema';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { decodeCursor, pageOf } from '../db/keyset.ts';
import type { AdminUserRow } from '../db/read-rows.ts';

/** Where a page ended: (created_at, id) of its last user. */
const UserCursor = z.tuple([z.number(), z.string()]);

/** LIKE pattern matching `text` anywhere, with % and _ taken literally. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The admin area's user operations: newest first, keyset-paged, never a whole-table read. */
export function adminUsers(db: Db) {
  const baseSelect = (q: Db) =>
    q
      .selectFrom('users')
      .leftJoin('balances', 'balances.user_id', 'users.id')
      .select([
        'users.id',
        'users.name',
        'users.username',
        'users.email',
        'users.role',
        'users.provider',
        'users.created_at',
        'users.banned_until',
        'balances.token_credits',
      ]);

  return {
    async list(query: AdminUsersQuery): Promise<{ rows: AdminUserRow[]; nextCursor: string | null }> {
      let q = baseSelect(db);
      if (query.search) {
        const pattern = containsPattern(query.search);
        q = q.where((eb) =>
          eb.or([
            eb(sql`lower(${sql.ref('users.email')})`, 'like', sql`${pattern} escape '\\'`),
            eb(sql`lower(${sql.ref('users.name')})`, 'like', sql`${pattern} escape '\\'`),
            eb(sql`lower(coalesce(${sql.ref('users.username')}, ''))`, 'like', sql`${pattern} escape '\\'`),
          ]),
        );
      }
      const after = decodeCursor(query.cursor, UserCursor);
      if (after) {
        const [createdAt, id] = after;
        q = q.where((eb) =>
          eb.or([
            eb('users.created_at', '<', createdAt),
            eb.and([eb('users.created_at', '=', createdAt), eb('users.id', '<', id)]),
          ]),
        );
      }
      const rows = (await q
        .orderBy('users.created_at', 'desc')
        .orderBy('users.id', 'desc')
        .limit(query.limit + 1)
        .execute()) as AdminUserRow[];
      return pageOf(rows, query.limit, (r) => [r.created_at, r.id]);
    },

    async get(userId: string): Promise<AdminUserRow | undefined> {
      return (await baseSelect(db).where('users.id', '=', userId).executeTakeFirst()) as
        | AdminUserRow
        | undefined;
    },

    async setRole(userId: string, role: string): Promise<boolean> {
      const r = await db
        .updateTable('users')
        .set({ role, updated_at: Date.now() })
        .where('id', '=', userId)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async setBannedUntil(userId: string, until: number | null): Promise<boolean> {
      const r = await db
        .updateTable('users')
        .set({ banned_until: until, updated_at: Date.now() })
        .where('id', '=', userId)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}
export type AdminUsers = ReturnType<typeof adminUsers>;
