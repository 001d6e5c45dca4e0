import type { AdminUser, AdminUsersQuery } from '@parley/schema';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { UserRow } from '../db/schema.ts';

type ListedRow = Pick<
  UserRow,
  'id' | 'name' | 'username' | 'email' | 'role' | 'provider' | 'created_at' | 'banned_until'
> & { token_credits: number | null };

function encodeCursor(row: { created_at: number; id: string }): string {
  return Buffer.from(`${row.created_at}:${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: number; id: string } | null {
  const raw = Buffer.from(cursor, 'base64url').toString();
  const at = raw.indexOf(':');
  const createdAt = Number(raw.slice(0, at));
  if (at < 1 || !Number.isFinite(createdAt)) return null;
  return { createdAt, id: raw.slice(at + 1) };
}

/** LIKE pattern matching `text` anywhere, with % and _ taken literally. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function presentAdminUser(
  row: ListedRow,
  balance: { enabled: boolean; startBalance: number },
  now = Date.now(),
): AdminUser {
  const until = row.banned_until == null ? null : Number(row.banned_until);
  return {
    id: row.id,
    name: row.name,
    username: row.username ?? '',
    email: row.email,
    role: row.role,
    provider: row.provider,
    createdAt: row.created_at,
    bannedUntil: until !== null && until > now ? until : null,
    // No row yet: the balance is created with startBalance on first use.
    tokenCredits: balance.enabled ? Number(row.token_credits ?? balance.startBalance) : null,
  };
}

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
    async list(query: AdminUsersQuery): Promise<{ rows: ListedRow[]; nextCursor: string | null }> {
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
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      if (after) {
        q = q.where((eb) =>
          eb.or([
            eb('users.created_at', '<', after.createdAt),
            eb.and([eb('users.created_at', '=', after.createdAt), eb('users.id', '<', after.id)]),
          ]),
        );
      }
      const rows = (await q
        .orderBy('users.created_at', 'desc')
        .orderBy('users.id', 'desc')
        .limit(query.limit + 1)
        .execute()) as ListedRow[];
      const more = rows.length > query.limit;
      const page = more ? rows.slice(0, query.limit) : rows;
      return { rows: page, nextCursor: more ? encodeCursor(page[page.length - 1]) : null };
    },

    async get(userId: string): Promise<ListedRow | undefined> {
      return (await baseSelect(db).where('users.id', '=', userId).executeTakeFirst()) as
        | ListedRow
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
