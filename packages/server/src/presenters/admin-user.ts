import type { AdminUser } from '@parley/schema';
import type { AdminUserRow } from '../db/read-rows.ts';

/** A user as the admin area shows them; explicit fields, as presenters/user.ts. */
export function presentAdminUser(
  row: AdminUserRow,
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
