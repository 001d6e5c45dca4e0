import type { IdentityKey } from '../../db/repos/identities.ts';
import type { Repos } from '../../db/repos/index.ts';
import type { UserRow } from '../../db/schema.ts';
import { isEmailDomainAllowed } from '../registration.ts';

/** What an identity provider told us about the person signing in. */
export interface ExternalProfile {
  key: IdentityKey;
  email: string | null;
  /** Only a provider-verified address may be linked to an existing account. */
  emailVerified: boolean;
  name: string;
  username: string | null;
  avatar: string | null;
}

export type SsoFailure =
  | 'no_email'
  | 'email_unverified'
  | 'registration_disabled'
  | 'domain_not_allowed'
  | 'failed';

export class SsoError extends Error {
  constructor(readonly reason: SsoFailure) {
    super(reason);
  }
}

/**
 * The user behind an external sign-in: the one already linked; else the account with the same,
 * provider-verified email (linked now); else a new account when registration through this route is
 * allowed and the email's domain is on `registration.allowedDomains`.
 */
export async function resolveExternalUser(
  repos: Repos,
  profile: ExternalProfile,
  opts: { allowRegistration: boolean; allowedDomains?: readonly string[] },
): Promise<UserRow> {
  const linked = await repos.identities.findUser(profile.key);
  if (linked) return linked;
  const email = profile.email?.trim().toLowerCase();
  if (!email) throw new SsoError('no_email');
  const existing = await repos.users.findByEmail(email);
  if (existing) {
    // An unverified address proves nothing: linking on it would hand the account to whoever typed it.
    if (!profile.emailVerified) throw new SsoError('email_unverified');
    await repos.identities.link(existing.id, profile.key);
    return existing;
  }
  if (!opts.allowRegistration) throw new SsoError('registration_disabled');
  if (!isEmailDomainAllowed(email, opts.allowedDomains)) throw new SsoError('domain_not_allowed');
  const name = profile.name.trim() || profile.username || email.split('@')[0];
  return repos.identities.createUser(
    {
      email,
      emailVerified: profile.emailVerified,
      name: name.slice(0, 80),
      username: profile.username?.slice(0, 80) || null,
      avatar: profile.avatar,
    },
    profile.key,
  );
}
