import { isAdmin, type SignedIn } from './policy.ts';

/** Roles (doc 1 §6, LibreChat /api/roles). */
export const rolePolicy = {
  /** A user reads their own role's permissions; admins read any role. */
  canRead: (user: SignedIn, roleName: string) => roleName === user.role || isAdmin(user),
  /** Changing what a role may do is for admins. */
  canEdit: (user: SignedIn) => isAdmin(user),
};
