import type { User } from '@parley/schema';
import type { UserRow } from '../db/schema.ts';

/** Explicit fields only: the password hash can never reach a response. */
export function presentUser(u: UserRow): User {
  return {
    id: u.id,
    name: u.name,
    username: u.username ?? '',
    email: u.email,
    avatar: u.avatar,
    role: u.role,
    provider: u.provider,
    emailVerified: u.email_verified === 1,
    termsAccepted: Boolean(u.terms_accepted_at),
    twoFactorEnabled: u.two_factor_enabled === 1,
    createdAt: u.created_at,
  };
}
