import { isAdmin, type PolicyResult, type SignedIn } from './policy.ts';

/** The in-app admin area (doc 3 §6). */
export const adminPolicy = {
  /** Every admin route: users, usage, banners. */
  canEnter: (user: SignedIn) => isAdmin(user),
  /**
   * Demoting, banning or deleting an account: never the admin's own, so the area keeps an admin.
   * Answers `admin_self` so the client can say why.
   */
  canChangeAccount: (admin: SignedIn, userId: string): PolicyResult =>
    admin.id === userId ? 'admin_self' : isAdmin(admin),
};
